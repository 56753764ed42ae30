import PhotoLibrary

extension PickerReducer {
  /// The album switcher: open or close it, move its focus, choose an album.
  static func albumAction(_ action: PickerAction, in state: inout PickerState) -> [PickerEffect] {
    guard state.overlay == nil, !state.isTerminated else { return [] }
    switch action {
    case .albumListToggled:
      if state.albumList != nil {
        state.albumList = nil
      } else {
        let rows = state.albumRows
        guard !rows.isEmpty else { return [] }
        let current = rows.firstIndex { $0.kind == state.album } ?? 0
        state.albumList = AlbumList(rows: rows, focus: current)
        return thumbnailEffects(in: &state)
      }
      return []
    case .albumListFocusMoved(let offset):
      state.albumList?.move(by: offset)
      return []
    case .albumChosen(let kind):
      guard let list = state.albumList else { return [] }
      let chosen =
        kind ?? (list.rows.indices.contains(list.focus) ? list.rows[list.focus].kind : nil)
      state.albumList = nil
      guard let chosen, list.rows.contains(where: { $0.kind == chosen }) else { return [] }
      if chosen != state.album {
        state.album = chosen
        state.grid.focus(on: 0)
        showAlbum(in: &state)
      }
      return thumbnailEffects(in: &state)
    default:
      return []
    }
  }

  /// Shows the current album's assets in the grid, keeping the focus on the same asset when
  /// it is still there (as `PHFetchResultChangeDetails` lets a picker do).
  static func showAlbum(in state: inout PickerState) {
    let focusedID = state.focusedAsset?.id
    state.assets = state.members(of: state.album)
    state.grid.setCount(state.assets.count)
    if let focusedID, let index = state.assets.firstIndex(where: { $0.id == focusedID }) {
      state.grid.focus(on: index)
    }
  }
}
