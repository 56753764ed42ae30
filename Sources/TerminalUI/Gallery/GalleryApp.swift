import Dispatch
import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore

/// The gallery without a terminal: one event switch over the model, the pure update, and
/// the commands it asks for, run off the loop against a ``SimulatedPhone`` (bubbletea's
/// `Program` without its terminal: `Update` returns `Cmd`s, each runs elsewhere and comes
/// back as a `Msg`).
///
/// The model holds the one copy of the picker's state: PickerCore's reducer changes it here,
/// and every effect it returns (an engine call, a store write, a device change, the lookup of
/// the files the app may read) is a command on ``GalleryEffects``, whose outcome comes back
/// as a ``GalleryEvent`` through ``handle(_:)``. The terminal loop (``GalleryRunner``) runs
/// commands in the background and draws ``model`` between events; tests run them at once
/// and inspect ``model`` and the view.
public final class GalleryApp {
  public private(set) var model: GalleryModel
  public let device: SimulatedPhone
  /// Receives the thumbnails to load (id and file), visible ones first; called on the loop.
  public var requestThumbnails: ([(id: String, url: URL)]) -> Void
  /// Receives the full-screen preview's picture to decode: the photo's id and file and the
  /// long side to fit (the answer comes back as ``GalleryEvent/previewLoaded(id:longSide:image:)``);
  /// called on the loop.
  public var requestPreview: (_ id: String, _ url: URL, _ longSide: Int) -> Void = { _, _, _ in }
  private let effects: GalleryEffects
  private let engine: Engine
  /// Events waiting for the switch: a command run at once posts here while an event is
  /// being handled, and it is handled next, first in first out.
  private var inbox: [GalleryEvent] = []
  private var isHandling = false
  /// Receives the id of an asset in iCloud only that the preview opened: its download's
  /// progress comes back as ``GalleryEvent/cloudDownload(id:_:)``.
  public var requestCloudDownload: (_ id: String) -> Void = { _ in }
  /// The asset in iCloud only whose download the open preview asked for (once per opening).
  private var downloadAskedFor: String?
  /// The prompt samples already asked for.
  private var requestedSamples: Set<String> = []
  /// Whether the picked photos' files were asked for.
  private var pickRequested = false
  /// Commands started in the background whose events have not come back yet.
  private var commandsInFlight = 0

  /// A gallery over `device`; `effects` says where its commands run (at once by default).
  public init(
    model: GalleryModel, device: SimulatedPhone,
    requestThumbnails: @escaping ([(id: String, url: URL)]) -> Void = { _ in },
    effects: GalleryEffects = .inline
  ) {
    self.model = model
    self.device = device
    self.requestThumbnails = requestThumbnails
    self.effects = effects
    engine = Engine(PickerEnvironment(permissions: .live(device)))
    // What is known without reading the store; the restriction comes with the launch.
    let session = device.session
    self.model.device = DeviceInfo(
      ios: session.ios, isRestricted: model.device.isRestricted, bundleID: session.bundleID,
      libraryPath: device.libraryPath)
  }

  /// The first launch of the simulated app.
  public func start() {
    run { [device, engine] in
      [Self.deviceRead(device)] + engine.environment.perform(.relaunch).map(GalleryEvent.picker)
    }
  }

  /// Applies `event` and starts what it asks for. Events that arrive while one is handled
  /// (the outcome of a command run at once) are handled after it, in order.
  public func handle(_ event: GalleryEvent) {
    inbox.append(event)
    guard !isHandling else { return }
    isHandling = true
    defer { isHandling = false }
    while !inbox.isEmpty { step(inbox.removeFirst()) }
  }

  /// Whether every command started has come back: the screen shows what the engine said.
  public var isSettled: Bool { commandsInFlight == 0 }

  /// The one event switch: the runtime's part of an event, then the pure update and the
  /// commands it returns.
  private func step(_ event: GalleryEvent) {
    switch event {
    case .commandFinished(let events):
      commandsInFlight -= 1
      inbox.insert(contentsOf: events, at: 0)
      return
    case .libraryChanged:
      device.libraryDidChange()
      model.failedImages = [:]
      if case .systemPrompt(let prompt) = model.picker.overlay, prompt.photoCountText != nil {
        // The prompt shows the library as the first scan finds it, not as it was at launch.
        run { [device] in [.picker(.promptLibraryChanged(device.promptLibrary()))] }
      }
    case .permissionsChanged:
      if let reason = device.session.terminationReason, !model.picker.isTerminated {
        // Another process changed the app's access: iOS terminates the running app.
        send(.appTerminated(reason))
        afterStep()
        return
      }
    case .filesResolved(.thumbnails(let items)):
      let missing = items.filter { model.images[$0.id] == nil && model.failedImages[$0.id] == nil }
      if !missing.isEmpty { requestThumbnails(missing) }
    case .filesResolved(.preview(let id, let url, let longSide)):
      if let wanted = model.previewImage, wanted.id == id, wanted.longSide == longSide,
        wanted.image == nil
      {
        requestPreview(id, url, longSide)
      }
    default:
      break
    }
    for command in GalleryUpdate.update(&model, event) {
      switch command {
      case .send(let action):
        send(action)
      case .device(let change):
        run { [device, engine] in
          var error: String?
          do {
            try device.perform(change)
          } catch let failure {
            error = "\(failure)"
          }
          let launched = engine.environment.perform(.relaunch).map(GalleryEvent.picker)
          return [.deviceRead(DeviceInfo(device), error: error ?? device.takeError())] + launched
        }
      }
    }
    if case .assetsModified(let ids) = event { loadThumbnails(ids) }
    afterStep()
  }

  /// Sends `action` to PickerCore's reducer and starts the effects it returns.
  private func send(_ action: PickerAction) {
    for effect in PickerReducer.reduce(into: &model.picker, action: action) {
      switch effect {
      case .loadThumbnails(let ids):
        loadThumbnails(ids)
      case .finishPicking:
        // The gallery reads the result from the picker's state (``afterStep()``).
        break
      default:
        run { [device, engine] in
          engine.environment.perform(effect).map(GalleryEvent.picker) + [Self.deviceRead(device)]
        }
      }
    }
  }

  /// What follows from the state an event left: the prompt's samples, the preview's picture,
  /// the picked files.
  private func afterStep() {
    if case .systemPrompt(let prompt) = model.picker.overlay {
      // The iOS 17+ prompt is system UI: it shows a few of the library's photos.
      let samples = prompt.sampleAssetIDs.filter { requestedSamples.insert($0).inserted }
      if !samples.isEmpty { loadThumbnails(samples) }
    }
    requestPreviewIfNeeded()
    if model.exit == nil, !pickRequested, case .picked(let ids) = model.picker.result {
      pickRequested = true
      run { [device] in
        [.filesResolved(.picked(device.readableFiles(ids).map { $0.url.standardizedFileURL.path }))]
      }
    }
  }

  /// Asks for the full-screen preview's picture at the preview's pixel size when the photo
  /// or the size changed; forgets it when the preview closes.
  private func requestPreviewIfNeeded() {
    guard model.panel == .preview, let asset = model.picker.focusedAsset else {
      model.previewImage = nil
      downloadAskedFor = nil
      return
    }
    if model.picker.offloaded.contains(asset.id) {
      // In iCloud only: the thumbnail (the small version on the device) until it downloads.
      model.previewImage = nil
      let running: Bool
      if case .progress? = model.picker.downloads[asset.id] {
        running = true
      } else {
        running = false
      }
      if downloadAskedFor != asset.id, !running {
        downloadAskedFor = asset.id
        requestCloudDownload(asset.id)
      }
      return
    }
    let longSide = model.previewLongSide
    // A preview no larger than a thumbnail shows the thumbnail itself.
    guard longSide > ThumbnailSize.large.pixels else {
      model.previewImage = nil
      return
    }
    if let wanted = model.previewImage, wanted.id == asset.id, wanted.longSide == longSide {
      return
    }
    model.previewImage = PreviewImage(id: asset.id, longSide: longSide)
    let id = asset.id
    run { [device] in
      device.readableFiles([id]).first.map {
        [.filesResolved(.preview(id: $0.id, url: $0.url, longSide: longSide))]
      } ?? []
    }
  }

  /// Looks up, off the loop, the files of the thumbnails in `ids` not held yet: what the
  /// engine lets the app read, or (the limited picker and the prompt's samples are system UI)
  /// any photo.
  private func loadThumbnails(_ ids: [String]) {
    let missing = ids.filter { model.images[$0] == nil && model.failedImages[$0] == nil }
    guard !missing.isEmpty else { return }
    let systemUI: Bool
    switch model.picker.overlay {
    case .limitedPicker, .systemPrompt: systemUI = true
    default: systemUI = false
    }
    run { [device] in
      let items = systemUI ? device.systemUIFiles(missing) : device.readableFiles(missing)
      return items.isEmpty ? [] : [.filesResolved(.thumbnails(items))]
    }
  }

  /// Runs `command` where ``effects`` says; its events come back through ``handle(_:)``.
  private func run(_ command: @escaping @Sendable () -> [GalleryEvent]) {
    switch effects {
    case .inline:
      for event in command() { handle(event) }
    case .background(let worker):
      commandsInFlight += 1
      worker.run(command)
    }
  }

  /// The device as the permission menu shows it, and the last store error.
  private static func deviceRead(_ device: SimulatedPhone) -> GalleryEvent {
    .deviceRead(DeviceInfo(device), error: device.takeError())
  }

  /// The picker's environment over the device, used by one command at a time (the worker
  /// is serial; inline, the loop's own thread).
  ///
  /// Sendable by hand (`@unchecked`): the commands that use it run one after another.
  private final class Engine: @unchecked Sendable {
    let environment: PickerEnvironment
    init(_ environment: PickerEnvironment) { self.environment = environment }
  }
}
