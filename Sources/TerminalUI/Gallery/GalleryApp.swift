import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore

/// The gallery without a terminal: the model, the update function, and PickerCore's
/// `PickerDriver` performing the picker's effects against a ``SimulatedPhone``.
///
/// The terminal loop (``GalleryRunner``) feeds it events and draws ``model``; tests feed it
/// events and inspect ``model`` and the view. The picker's state has one owner, the driver;
/// after every command the model's copy is refreshed from it.
public final class GalleryApp {
  public private(set) var model: GalleryModel
  public let device: SimulatedPhone
  /// Receives the thumbnails to load (id and file), visible ones first.
  public var requestThumbnails: ([(id: String, url: URL)]) -> Void
  /// Receives the full-screen preview's picture to decode: the photo's id and file and the
  /// long side to fit (the answer comes back as ``GalleryEvent/previewLoaded(id:longSide:image:)``).
  public var requestPreview: (_ id: String, _ url: URL, _ longSide: Int) -> Void = { _, _, _ in }
  /// Receives the id of an asset in iCloud only that the preview opened: its download's
  /// progress comes back as ``GalleryEvent/cloudDownload(id:_:)``.
  public var requestCloudDownload: (_ id: String) -> Void = { _ in }
  /// The asset in iCloud only whose download the open preview asked for (once per opening).
  private var downloadAskedFor: String?
  private var driver: PickerDriver!
  /// The prompt samples already asked for.
  private var requestedSamples: Set<String> = []

  public init(
    model: GalleryModel, device: SimulatedPhone,
    requestThumbnails: @escaping ([(id: String, url: URL)]) -> Void = { _ in }
  ) {
    self.model = model
    self.device = device
    self.requestThumbnails = requestThumbnails
    self.model.device = DeviceInfo(device)
    driver = PickerDriver(
      state: model.picker,
      environment: PickerEnvironment(
        permissions: .live(device),
        loadThumbnails: { [weak self] ids in self?.loadThumbnails(ids) }))
  }

  /// The first launch of the simulated app.
  public func start() {
    driver.launch()
    sync()
  }

  /// Applies `event` and performs what it asks for.
  public func handle(_ event: GalleryEvent) {
    if case .libraryChanged = event {
      device.libraryDidChange()
      model.failedImages = [:]
      if case .systemPrompt(let prompt) = model.picker.overlay, prompt.photoCountText != nil {
        // The prompt shows the library as the first scan finds it, not as it was at launch.
        driver.send(.promptLibraryChanged(device.promptLibrary()))
      }
    }
    if case .permissionsChanged = event, let reason = device.session.terminationReason,
      !model.picker.isTerminated
    {
      // Another process changed the app's access: iOS terminates the running app.
      driver.send(.appTerminated(reason))
      sync()
      return
    }
    for command in GalleryUpdate.update(&model, event) {
      switch command {
      case .send(let action):
        driver.send(action)
      case .device(let change):
        do {
          try device.perform(change)
        } catch {
          model.notice = "\(error)"
        }
        model.device = DeviceInfo(device)
        driver.launch()
      }
      sync()
    }
    if case .assetsModified(let ids) = event { loadThumbnails(ids) }
    sync()
  }

  /// The model's copy of the picker, the device info, the pick result and store errors.
  private func sync() {
    model.picker = driver.state
    model.device = DeviceInfo(device)
    if let error = device.takeError() { model.notice = error }
    if case .systemPrompt(let prompt) = model.picker.overlay {
      // The iOS 17+ prompt is system UI: it shows a few of the library's photos.
      let samples = prompt.sampleAssetIDs.filter { requestedSamples.insert($0).inserted }
      if !samples.isEmpty { loadThumbnails(samples) }
    }
    requestPreviewIfNeeded()
    if model.exit == nil, case .picked(let ids) = model.picker.result {
      model.exit = .picked(device.readableFiles(ids).map { $0.url.standardizedFileURL.path })
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
    guard let file = device.readableFiles([asset.id]).first else { return }
    requestPreview(file.id, file.url, longSide)
  }

  private func loadThumbnails(_ ids: [String]) {
    let missing = ids.filter { model.images[$0] == nil && model.failedImages[$0] == nil }
    guard !missing.isEmpty else { return }
    // The limited picker and the prompt's samples are system UI: they show any photo. The
    // app's own grid reads only what the engine lets it.
    let items: [(id: String, url: URL)]
    switch driver.state.overlay {
    case .limitedPicker, .systemPrompt: items = device.systemUIFiles(missing)
    default: items = device.readableFiles(missing)
    }
    if !items.isEmpty { requestThumbnails(items) }
  }
}
