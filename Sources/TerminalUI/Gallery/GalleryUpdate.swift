import ImageDecoding
import PhotoLibrary
import PickerCore

/// The gallery's pure update function (bubbletea's `Update`): an event changes the model and
/// returns the commands the runtime performs.
///
/// Keys go, in order, to Ctrl-C, the help panel, the preview, the permission menu, the
/// overlay PickerCore has up (prompts, alerts, sheets, Settings, the limited picker), and
/// finally the main screen (grid and buttons). Permission rules are not here: the update
/// only turns keys into PickerCore actions and menu choices into device commands.
public enum GalleryUpdate {
  public static func update(_ model: inout GalleryModel, _ event: GalleryEvent)
    -> [GalleryCommand]
  {
    switch event {
    case .key(let key):
      model.notice = nil
      return keyPressed(key, &model)
    case .resized(let size):
      model.size = size
      renderTiles(&model)
      let layout = model.layout
      return [.send(.viewportResized(columns: layout.columns, rows: layout.rows))]
    case .thumbnailLoaded(let id, let image):
      model.images[id] = image
      model.tiles[id] = tile(image, model)
      return []
    case .thumbnailFailed(let id, let reason):
      model.failedImages[id] = reason
      return []
    case .previewLoaded(let id, let longSide, let image):
      // Only the one asked for last; a later one (another photo, another size) replaces it.
      if let wanted = model.previewImage, wanted.id == id, wanted.longSide == longSide,
        let image
      {
        model.previewImage?.image = image
      }
      return []
    case .libraryChanged, .permissionsChanged:
      return [.send(.photoLibraryDidChange)]
    case .permissionsUnreadable(let message):
      model.notice = message
      return []
    case .assetsModified(let ids):
      // Forget the stale pictures; the runtime loads them again.
      for id in ids {
        model.images[id] = nil
        model.tiles[id] = nil
        model.failedImages[id] = nil
      }
      return []
    case .noticeExpired:
      model.notice = nil
      return []
    case .graphicEncoded:
      return []
    case .scanProgress(let progress):
      model.scanning = progress.isFinished ? nil : progress
      return []
    case .picker(let action):
      return [.send(action)]
    case .deviceRead(let info, let error):
      model.device = info
      if let error { model.notice = error }
      return []
    case .cloudDownload(let id, let status):
      return [.send(.cloudDownload(id: id, status))]
    case .filesResolved(.picked(let paths)):
      if model.exit == nil { model.exit = .picked(paths) }
      return []
    case .filesResolved, .commandFinished:
      // Loads to start, a command's events to unpack: the runtime's part.
      return []
    }
  }

  /// Every loaded thumbnail drawn again for the current tile size.
  static func renderTiles(_ model: inout GalleryModel) {
    for (id, image) in model.images { model.tiles[id] = tile(image, model) }
  }

  /// One thumbnail drawn into a tile's image box.
  static func tile(_ image: PixelImage, _ model: GalleryModel) -> Preview {
    let layout = model.layout
    return model.previews.previewCentred(
      image, columns: layout.tileWidth - 2, rows: layout.imageRows)
  }

  static func keyPressed(_ key: Key, _ model: inout GalleryModel) -> [GalleryCommand] {
    if key == .interrupt {
      model.exit = .interrupted
      return []
    }
    switch model.panel {
    case .help:
      model.panel = nil
      return []
    case .preview:
      return previewKey(key, &model)
    case .menu(let menu):
      return menuKey(key, menu, &model)
    case nil:
      break
    }
    if key == .character("?") {
      model.panel = .help
      return []
    }
    if key == .character("s") {
      model.panel = .menu(PermissionMenu())
      return []
    }
    if let overlay = model.picker.overlay {
      return overlayKey(key, overlay, &model)
    }
    if model.picker.albumList != nil { return albumListKey(key) }
    return screenKey(key, &model)
  }

  /// The grid movement a key asks for, if any.
  static func gridMove(_ key: Key) -> GridMove? {
    switch key {
    case .left, .character("h"): .left
    case .right, .character("l"): .right
    case .up, .character("k"): .up
    case .down, .character("j"): .down
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    case .home, .character("g"): .home
    case .end, .character("G"): .end
    default: nil
    }
  }

  static func previewKey(_ key: Key, _ model: inout GalleryModel) -> [GalleryCommand] {
    switch key {
    case .escape, .enter, .character("q"), .character("v"):
      model.panel = nil
      return []
    case .left, .character("h"): return [.send(.cursorMoved(.left))]
    case .right, .character("l"), .space: return [.send(.cursorMoved(.right))]
    default: return []
    }
  }

  static func menuKey(_ key: Key, _ menu: PermissionMenu, _ model: inout GalleryModel)
    -> [GalleryCommand]
  {
    var menu = menu
    switch key {
    case .up, .character("k"): menu.moveFocus(by: -1)
    case .down, .character("j"), .tab: menu.moveFocus(by: 1)
    case .home: menu.focus = 0
    case .end: menu.focus = menu.items.count - 1
    case .escape, .character("q"), .character("s"), .left:
      if menu.page == .iosVersions {
        menu = .mainAtIOSVersions
      } else {
        model.panel = nil
        return []
      }
    case .enter, .space, .right:
      guard let item = menu.focusedItem else { return [] }
      return activate(item, &model)
    default: return []
    }
    model.panel = .menu(menu)
    return []
  }

  static func activate(_ item: PermissionMenuItem, _ model: inout GalleryModel)
    -> [GalleryCommand]
  {
    let label = item.label(device: model.device)
    let device: DeviceCommand
    switch item {
    case .openSettings:
      model.panel = nil
      if model.picker.overlay != nil {
        model.notice = "Settings opens from the app's screen: close the dialog first"
        return []
      }
      return [.send(.openSettingsTapped)]
    case .iosVersions:
      let current = IOSVersion.allCases.firstIndex(of: model.device.ios) ?? 0
      model.panel = .menu(PermissionMenu(page: .iosVersions, focus: current))
      return []
    case .back:
      model.panel = .menu(.mainAtIOSVersions)
      return []
    case .close:
      model.panel = nil
      return []
    case .privacy(let action, let service): device = .privacy(action, service)
    case .restrict(let on): device = .restrict(on)
    case .ios(let version): device = .ios(version)
    case .resetAll: device = .resetAll
    }
    model.panel = nil
    model.focus = .grid
    model.notice = "\(label.replacingOccurrences(of: "  ✓", with: "")): the app was relaunched"
    return [.device(device)]
  }

  static func overlayKey(_ key: Key, _ overlay: Overlay, _ model: inout GalleryModel)
    -> [GalleryCommand]
  {
    if case .limitedPicker = overlay {
      if let move = gridMove(key) { return [.send(.cursorMoved(move))] }
      switch key {
      case .space: return [.send(.focusedItemToggled)]
      case .enter: return [.send(.overlayButtonTapped(.done))]
      case .escape: return [.send(.overlayButtonTapped(.cancel))]
      case .character("q"): return quit(&model)
      default: return []
      }
    }
    switch key {
    case .left, .up, .character("h"), .character("k"): return [.send(.overlayFocusMoved(by: -1))]
    case .right, .down, .tab, .character("l"), .character("j"):
      return [.send(.overlayFocusMoved(by: 1))]
    case .enter, .space: return [.send(.overlayFocusedButtonActivated)]
    case .escape:
      let cancels: [OverlayButton] = [.back, .notNow, .cancel]
      guard let button = overlay.actions.first(where: cancels.contains) else { return [] }
      return [.send(.overlayButtonTapped(button))]
    case .character("q"): return quit(&model)
    default: return []
    }
  }

  static func screenKey(_ key: Key, _ model: inout GalleryModel) -> [GalleryCommand] {
    let buttons = model.picker.screenActions
    if case .button(let index) = model.focus {
      guard buttons.indices.contains(index) else {
        model.focus = .grid
        return screenKey(key, &model)
      }
      switch key {
      case .tab, .right, .character("l"):
        model.focus = index + 1 < buttons.count ? .button(index + 1) : .grid
        return []
      case .left, .character("h"):
        model.focus = index > 0 ? .button(index - 1) : .grid
        return []
      case .enter, .space: return tap(buttons[index])
      case .escape, .up, .down, .character("k"), .character("j"):
        model.focus = .grid
        return []
      case .character("q"): return quit(&model)
      default: return []
      }
    }
    if let move = gridMove(key) { return [.send(.cursorMoved(move))] }
    switch key {
    case .tab:
      if !buttons.isEmpty { model.focus = .button(0) }
      return []
    case .character("m"):
      guard let button = buttons.first else {
        model.notice = "No Manage or See All Photos button in this state"
        return []
      }
      return tap(button)
    case .character("v"):
      if model.picker.focusedAsset != nil { model.panel = .preview }
      return []
    case .character("a"):
      // Recents is listed whenever any album is: no album is counted for the question.
      guard model.picker.mayList(.smartAlbum(.userLibrary)) else {
        model.notice = "No albums to show in this state"
        return []
      }
      return [.send(.albumListToggled)]
    case .enter:
      if model.mode == .pick { return add(&model) }
      if model.picker.focusedAsset != nil { model.panel = .preview }
      return []
    case .space:
      return pick(&model)
    case .character("q"), .escape:
      return quit(&model)
    default:
      return []
    }
  }

  /// A screen button by value.
  static func tap(_ button: ScreenButton) -> [GalleryCommand] {
    switch button {
    case .manage: [.send(.manageTapped)]
    case .seeAllPhotos: [.send(.seeAllPhotosTapped)]
    }
  }

  /// Space: picks or unpicks the focused photo, saying so when the limit refuses it.
  static func pick(_ model: inout GalleryModel) -> [GalleryCommand] {
    guard model.mode == .pick, let picking = model.picker.picking else {
      model.notice = "Space picks photos in pick mode (photogate pick)"
      return []
    }
    guard let asset = model.picker.focusedAsset else { return [] }
    if picking.isFull, picking.order(of: asset.id) == nil, let limit = picking.limit {
      model.notice = "Limit reached: at most \(limit) photo\(limit == 1 ? "" : "s") can be picked"
      return []
    }
    return [.send(.focusedItemToggled)]
  }

  /// Enter while picking: hands the picked photos over, or the focused one when none is
  /// picked yet.
  static func add(_ model: inout GalleryModel) -> [GalleryCommand] {
    guard let picking = model.picker.picking, model.picker.focusedAsset != nil else {
      model.notice = "Nothing to pick"
      return []
    }
    if picking.ids.isEmpty { return [.send(.focusedItemToggled), .send(.addTapped)] }
    return [.send(.addTapped)]
  }

  /// q or Esc: quit browsing, or cancel picking.
  static func quit(_ model: inout GalleryModel) -> [GalleryCommand] {
    if model.mode == .pick {
      model.exit = .cancelled
      return [.send(.cancelTapped)]
    }
    model.exit = .quit
    return []
  }

  /// The album switcher's keys: move, show the focused album, close.
  static func albumListKey(_ key: Key) -> [GalleryCommand] {
    switch key {
    case .up, .character("k"): [.send(.albumListFocusMoved(by: -1))]
    case .down, .character("j"), .tab: [.send(.albumListFocusMoved(by: 1))]
    case .enter, .space: [.send(.albumChosen(nil))]
    case .escape, .character("a"), .character("q"): [.send(.albumListToggled)]
    default: []
    }
  }
}
