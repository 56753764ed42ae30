import PhotoLibrary

extension PickerScreen {
  /// The screen that `state` shows.
  public init(_ state: PickerState) {
    app = state.launch?.appName
    ios = state.launch?.ios.rawValue
    launch = state.launchCount
    running = !state.isTerminated && state.launch != nil
    status = state.isTerminated ? nil : state.status?.description
    info = state.infoLines
    buttons = state.screenButtons
    let readable = state.status == .authorized || state.status == .limited
    // The window's assets only: a screen of a million-asset library makes no id of the rest.
    let badges = Dictionary(
      state.visibleAssets.compactMap { asset in asset.gridBadge.map { (asset.id, $0) } },
      uniquingKeysWith: { first, _ in first })
    grid =
      readable && running
      ? Grid(
        window: state.grid, ids: state.assets.lazy.map(\.id), badges: badges,
        cloud: state.cloudBadge
      ) { id in
        (state.picking?.order(of: id), nil)
      } : nil
    let showsAlbum =
      state.album != .smartAlbum(.userLibrary) || state.albumList != nil
      || state.configuration.filter != nil
    album = grid != nil && showsAlbum ? state.albumTitle + " ▾" : nil
    filter = grid != nil ? state.configuration.filter?.rawValue : nil
    albums = state.albumList.map { list in
      list.rows.enumerated().map { index, row in
        AlbumRow(
          title: row.title, count: row.count, focused: index == list.focus,
          current: row.kind == state.album)
      }
    }
    picking =
      grid == nil
      ? nil
      : state.picking.map { Picking(limit: $0.limit, picked: $0.ids, canAdd: !$0.ids.isEmpty) }
    overlay = state.overlay.map { OverlayView($0, focus: state.overlayFocus) }
    switch state.result {
    case .picked(let ids):
      result = ids
      cancelled = false
    case .cancelled:
      result = nil
      cancelled = true
    case nil:
      result = nil
      cancelled = false
    }
  }
}

extension PickerScreen.Grid {
  /// The window of `ids` that `window` shows (only its ids are read); `marks` gives each id's
  /// pick order and check.
  init<IDs: RandomAccessCollection<String>>(
    window: GridWindow, ids: IDs, badges: [String: String] = [:],
    cloud: (String) -> String? = { _ in nil }, marks: (String) -> (pick: Int?, checked: Bool?)
  ) where IDs.Index == Int {
    count = ids.count
    columns = window.columns
    rows = window.rows
    topRow = window.topRow
    totalRows = window.totalRows
    focus = ids.indices.contains(window.focus) ? ids[window.focus] : nil
    let range = window.visibleRange
    cells = stride(from: range.lowerBound, to: range.upperBound, by: window.columns).map { start in
      (start..<min(range.upperBound, start + window.columns)).map { index in
        let (pick, checked) = marks(ids[index])
        return PickerScreen.Cell(
          id: ids[index], focused: index == window.focus, pick: pick, checked: checked,
          badge: badges[ids[index]], cloud: cloud(ids[index]))
      }
    }
  }
}

extension PickerScreen.OverlayView {
  /// `overlay` with the button at `focus` focused.
  init(_ overlay: Overlay, focus: Int) {
    kind = overlay.kind
    title = overlay.title
    message = overlay.message
    detail = overlay.detail
    let checked = overlay.checkedAction
    let disabled = overlay.disabledActions
    buttons = overlay.actions.enumerated().map { index, button in
      PickerScreen.Button(
        label: overlay.label(of: button), focused: index == focus, checked: button == checked,
        disabled: disabled.contains(button))
    }
    if case .limitedPicker(let sheet) = overlay {
      grid = PickerScreen.Grid(window: sheet.window, ids: sheet.all) { id in
        (nil, sheet.checked.contains(id))
      }
    } else {
      grid = nil
    }
  }
}

extension Asset {
  /// What the Photos grid draws on the asset: a video's duration ("0:42"), "LIVE" on a Live
  /// Photo, each after a "♥" on a favourite ("♥", "♥ LIVE"); nil for other photos.
  public var gridBadge: String? {
    let kind: String? =
      if mediaType == .video {
        DurationText.format(duration)
      } else if mediaSubtypes.contains(.photoLive) {
        "LIVE"
      } else {
        nil
      }
    guard isFavorite else { return kind }
    return kind.map { "♥ " + $0 } ?? "♥"
  }
}
