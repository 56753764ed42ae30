extension PickerReducer {
  /// Moves the cursor of the limited picker when it is up, else of the grid.
  static func cursorMoved(_ move: GridMove, in state: inout PickerState) -> [PickerEffect] {
    switch state.overlay {
    case .limitedPicker(var sheet):
      sheet.window.move(move)
      state.overlay = .limitedPicker(sheet)
    case nil:
      state.grid.move(move)
    default:
      return []
    }
    return thumbnailEffects(in: &state)
  }

  /// Toggles the item under the cursor: checks it in the limited picker, picks it in the grid.
  static func toggleFocused(in state: inout PickerState) -> [PickerEffect] {
    switch state.overlay {
    case .limitedPicker(let sheet):
      guard sheet.all.indices.contains(sheet.window.focus) else { return [] }
      return toggle(sheet.all[sheet.window.focus], in: &state)
    case nil:
      guard let asset = state.focusedAsset else { return [] }
      return toggle(asset.id, in: &state)
    default:
      return []
    }
  }

  /// Toggles `id` in the limited picker when it is up, else picks or unpicks it (only ids in
  /// the grid, only before the result was delivered).
  static func toggle(_ id: String, in state: inout PickerState) -> [PickerEffect] {
    switch state.overlay {
    case .limitedPicker(var sheet):
      sheet.toggle(id)
      state.overlay = .limitedPicker(sheet)
    case nil:
      guard state.result == nil, state.assets.contains(where: { $0.id == id }) else { return [] }
      state.picking?.toggle(id)
    default:
      break
    }
    return []
  }

  /// Tells the host what is visible when that changed: the limited picker's window when it is
  /// up, the album switcher's key photos when it is, else the grid's.
  static func thumbnailEffects(in state: inout PickerState) -> [PickerEffect] {
    let visible: [String]
    if case .limitedPicker(let sheet) = state.overlay {
      visible = Array(sheet.all[sheet.window.visibleRange])
    } else if let list = state.albumList {
      visible = list.rows.compactMap(\.keyAssetID)
    } else {
      visible = state.visibleAssets.map(\.id)
    }
    guard !visible.isEmpty, visible != state.shownThumbnails else { return [] }
    state.shownThumbnails = visible
    return [.loadThumbnails(visible)]
  }
}
