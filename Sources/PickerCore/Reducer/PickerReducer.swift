import PhotoLibrary

/// The picker's pure reducer: `(inout PickerState, PickerAction) -> [PickerEffect]`.
///
/// It reproduces the sample picker's `ImagePickerViewController` (`viewDidLoad`, `showUI(for:)`,
/// `manageButtonTapped`, `seeAllButtonTapped`, `photoLibraryDidChange`) plus what iOS draws
/// over it. It does no I/O: whatever needs the library, the permission store or the screen is
/// returned as an effect.
public enum PickerReducer {
  /// Applies `action` to `state` and returns the effects to perform, in order.
  public static func reduce(into state: inout PickerState, action: PickerAction) -> [PickerEffect] {
    switch action {
    case .launched(let info):
      let count = state.launchCount + 1
      state = PickerState(configuration: state.configuration)
      state.launch = info
      state.launchCount = count
      guard let request = state.configuration.launchRequest else { return [] }
      state.pendingRequest = request
      return [.requestAuthorization(request)]

    case .authorizationRequested(let request):
      guard !state.isTerminated, state.launch != nil, state.pendingRequest == nil else {
        return []
      }
      state.pendingRequest = request
      return [.requestAuthorization(request)]

    case .promptShown(let prompt):
      present(.systemPrompt(prompt), in: &state)
      state.pendingRequest = prompt.request
      return []

    case .promptLibraryChanged(let library):
      if case .systemPrompt(let prompt) = state.overlay {
        state.overlay = .systemPrompt(prompt.showing(library))
      }
      return []

    case .authorizationResolved(let status):
      return resolve(status, in: &state)

    case .libraryRead(let contents):
      return libraryRead(contents, in: &state)

    case .cloudDownload(let id, let status):
      cloudDownload(id, status, in: &state)
      return []

    case .photoLibraryDidChange:
      return state.isTerminated || state.launch == nil ? [] : [.readLibrary]

    case .appTerminated(let termination):
      state.isTerminated = true
      state.status = nil
      state.assets = []
      state.libraryAssets = []
      state.albumList = nil
      state.grid.setCount(0)
      state.picking?.keepOnly([])
      state.pendingRequest = nil
      present(.terminated(termination, state.launch?.ios ?? .newest), in: &state)
      return []

    case .openSettingsTapped:
      guard state.overlay == nil, !state.isTerminated, state.launch != nil else { return [] }
      return [.openSettings]

    case .manageTapped:
      guard state.overlay == nil, state.screenActions.contains(.manage) else {
        return []
      }
      present(.manageSheet, in: &state)
      return []

    case .seeAllPhotosTapped:
      guard state.overlay == nil, state.screenActions.contains(.seeAllPhotos) else {
        return []
      }
      present(.seeAllPhotosAlert, in: &state)
      return []

    case .cursorMoved(let move):
      return cursorMoved(move, in: &state)

    case .focusedItemToggled:
      return toggleFocused(in: &state)

    case .itemToggled(let id):
      return toggle(id, in: &state)

    case .viewportResized(let columns, let rows):
      state.configuration.columns = max(1, columns)
      state.configuration.rows = max(1, rows)
      state.grid.resize(columns: columns, rows: rows)
      if case .limitedPicker(var sheet) = state.overlay {
        sheet.window.resize(columns: columns, rows: rows)
        state.overlay = .limitedPicker(sheet)
      }
      return thumbnailEffects(in: &state)

    case .addTapped:
      guard state.overlay == nil, state.result == nil, let picking = state.picking,
        !picking.ids.isEmpty
      else { return [] }
      state.result = .picked(picking.ids)
      return [.finishPicking(.picked(picking.ids))]

    case .cancelTapped:
      guard state.overlay == nil, state.result == nil, state.picking != nil else { return [] }
      state.result = .cancelled
      return [.finishPicking(.cancelled)]

    case .albumListToggled, .albumListFocusMoved, .albumChosen:
      return albumAction(action, in: &state)

    case .overlayFocusMoved(let offset):
      guard let overlay = state.overlay, !overlay.buttons.isEmpty else { return [] }
      let count = overlay.buttons.count
      state.overlayFocus = ((state.overlayFocus + offset) % count + count) % count
      return []

    case .overlayFocusedButtonActivated:
      guard let overlay = state.overlay, overlay.actions.indices.contains(state.overlayFocus)
      else { return [] }
      return buttonTapped(overlay.actions[state.overlayFocus], in: &state)

    case .overlayButtonTapped(let button):
      return buttonTapped(button, in: &state)

    case .limitedPickerPresented(let contents):
      let sheet = LimitedPickerSheet(
        all: contents.all, checked: contents.selected,
        columns: state.configuration.columns, rows: state.configuration.rows)
      present(.limitedPicker(sheet), in: &state)
      return thumbnailEffects(in: &state)

    case .limitedPickerClosed(let handlerStatus):
      if let handlerStatus, state.pendingRequest != nil {
        return resolve(handlerStatus, in: &state)
      }
      return [.readLibrary]

    case .settingsOpened(let row):
      present(.settings(row, state.launch?.ios ?? .newest), in: &state)
      return []
    }
  }

  /// A request's handler fired: a read/write (or legacy) status is what the screen shows;
  /// after an add-only request the screen re-reads its read/write status.
  static func resolve(_ status: AuthorizationStatus, in state: inout PickerState)
    -> [PickerEffect]
  {
    let request = state.pendingRequest
    state.pendingRequest = nil
    return request == .addOnly ? [.readLibrary] : show(status, in: &state)
  }

  /// Puts `overlay` up with its first button focused.
  static func present(_ overlay: Overlay, in state: inout PickerState) {
    state.overlay = overlay
    state.overlayFocus = 0
  }

  /// The sample picker's `showUI(for:)`: a status the library can be read under fetches the assets;
  /// any other shows no grid.
  static func show(_ status: AuthorizationStatus, in state: inout PickerState) -> [PickerEffect] {
    state.status = status
    switch status {
    case .authorized, .limited:
      return [.readLibrary]
    case .denied, .restricted, .notDetermined:
      return libraryRead(LibraryContents(status: status, assets: []), in: &state)
    }
  }

  static func libraryRead(_ contents: LibraryContents, in state: inout PickerState)
    -> [PickerEffect]
  {
    guard !state.isTerminated else { return [] }
    state.status = contents.status
    state.libraryAssets = contents.assets
    state.libraryReadAt = contents.readAt
    state.offloaded = contents.offloaded
    // An album the app may no longer list (access narrowed to limited) falls back to Recents.
    if !state.mayList(state.album) {
      state.album = .smartAlbum(.userLibrary)
    }
    showAlbum(in: &state)
    // Nothing picked, nothing to drop: no set of a whole library's ids.
    if state.picking?.ids.isEmpty == false {
      state.picking?.keepOnly(Set(state.libraryAssets.map(\.id)))
    }
    if let alert = contents.automaticAlert, state.overlay == nil {
      present(.limitedAccessAlert(alert), in: &state)
    }
    return thumbnailEffects(in: &state)
  }
}
