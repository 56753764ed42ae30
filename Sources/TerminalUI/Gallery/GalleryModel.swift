import ImageDecoding
import PhotoLibrary
import PickerCore

/// Everything the terminal gallery shows, as one value: the picker's state (PickerCore) and
/// the gallery's own UI state around it (which panel is up, the button focus, the size, the
/// thumbnails that have arrived, a notice line).
///
/// The bubbletea "model": only ``GalleryUpdate`` changes the UI part, only PickerCore's
/// reducer changes ``picker``, and ``GalleryView`` draws it as a pure function.
public struct GalleryModel: Sendable {
  /// The picker view-model (status, assets, grid window, overlay, picked ids).
  public var picker: PickerState
  /// Browsing or picking.
  public var mode: GalleryMode
  /// The terminal's size in cells.
  public var size: TerminalSize
  /// The colours the output may use.
  public var colorMode: ColorMode
  /// How thumbnails become tiles and previews: half blocks in ``colorMode`` unless another
  /// backend is set.
  public var previews: any PreviewBackend {
    get { storedPreviews ?? HalfBlockPreviews(ImageRenderer(colorMode: colorMode)) }
    set { storedPreviews = newValue }
  }
  private var storedPreviews: (any PreviewBackend)?
  /// The gallery's own panel over the grid (help, preview, permission menu), if any.
  public var panel: GalleryPanel?
  /// Where the keyboard focus is on the main screen: the grid or one of its buttons.
  public var focus: GalleryFocus
  /// The simulated device around the app, as the permission menu shows it.
  public var device: DeviceInfo
  /// A one-line message under the grid (a refused pick, a privacy change), until the next
  /// key.
  public var notice: String?
  /// Thumbnails that have arrived, by asset id; with ``tiles``, bounded by
  /// ``cacheByteLimit``. They share their pixels with the ``ImagePipeline`` they came from
  /// (no copy): this is what the screen draws from, the pipeline is the cache.
  public var images: PreviewCache<PixelImage> {
    get { storedImages }
    set {
      storedImages = newValue
      trimCaches()
    }
    _modify {
      yield &storedImages
      trimCaches()
    }
  }
  /// Ids whose thumbnail could not be made, with why (drawn as a broken placeholder that
  /// says so).
  public var failedImages: [String: String]
  /// The full-screen preview's picture, decoded to fit the preview's pixels (the thumbnail
  /// stands in until it arrives); one at a time, the one on screen.
  public var previewImage: PreviewImage?
  /// ``images`` rendered for the current tile size, by asset id.
  public var tiles: PreviewCache<Preview> {
    get { storedTiles }
    set {
      storedTiles = newValue
      trimCaches()
    }
    _modify {
      yield &storedTiles
      trimCaches()
    }
  }
  /// The bytes ``images`` and ``tiles`` may hold together: 8 MiB, the visible screen and
  /// about one more of a 160 × 48 terminal's grid. Past it, the thumbnails stored longest ago
  /// are dropped (and taken again from the pipeline, which holds a few screens, when they come
  /// back into view); the visible ones and the prompt's samples are kept whatever they cost.
  public var cacheByteLimit = 8 << 20
  /// What the gallery lets the process's `ImagePipeline` hold: 8 MiB, about 42 thumbnails of
  /// 256 × 192 pixels (the screen and most of the one before it, of a 160 × 48 terminal's grid
  /// of 24 tiles; the gallery's own thumbnails share its pixels) or a full-screen preview and
  /// some thumbnails. Past it a thumbnail is read again from the freedesktop.org cache, a
  /// millisecond or two. PhotoKit's default, 96 MiB, is for caching ahead of a phone's
  /// scrolling grid.
  public static let pipelineByteLimit = 8 << 20
  private var storedImages = PreviewCache<PixelImage>()
  private var storedTiles = PreviewCache<Preview>()
  /// How the gallery ended, once it has.
  public var exit: GalleryExit?
  /// The library's first scan while it runs in the background (the listing is provisional
  /// until then); nil once it has ended.
  public var scanning: ScanProgress?

  public init(
    mode: GalleryMode, size: TerminalSize, colorMode: ColorMode = .truecolor,
    device: DeviceInfo = DeviceInfo(), selectionLimit: Int? = nil, filter: MediaFilter? = nil
  ) {
    let layout = GalleryLayout(size: size)
    self.picker = PickerState(
      configuration: PickerConfiguration(
        columns: layout.columns, rows: layout.rows, isPicking: mode == .pick,
        selectionLimit: selectionLimit, filter: filter))
    self.mode = mode
    self.size = size
    self.colorMode = colorMode
    self.panel = nil
    self.focus = .grid
    self.device = device
    self.notice = nil
    self.failedImages = [:]
    self.previewImage = nil
    self.exit = nil
  }

  /// The geometry of the screen for the current size.
  public var layout: GalleryLayout { GalleryLayout(size: size) }

  /// The ids the grid (or the limited picker, or the album switcher) shows right now.
  public var visibleIDs: [String] {
    if case .limitedPicker(let sheet) = picker.overlay {
      return Array(sheet.all[sheet.window.visibleRange])
    }
    if let list = picker.albumList {
      return GalleryView.albumListWindow(list, layout).compactMap { list.rows[$0].keyAssetID }
    }
    return picker.visibleAssets.map(\.id)
  }

  /// The ids the cache bound never drops: the visible ones and the system prompt's samples.
  var keptIDs: Set<String> {
    var ids = Set(visibleIDs)
    if case .systemPrompt(let prompt) = picker.overlay { ids.formUnion(prompt.sampleAssetIDs) }
    return ids
  }

  /// Drops thumbnails (and their tiles) stored longest ago until ``images`` and ``tiles``
  /// fit in ``cacheByteLimit``, keeping ``keptIDs``.
  private mutating func trimCaches() {
    let total = storedImages.byteCount + storedTiles.byteCount
    guard total > cacheByteLimit else { return }
    // Each id's tile goes with its image, so a tile is never left without its source.
    let budget = cacheByteLimit - storedTiles.byteCount
    for id in storedImages.eviction(toBytes: budget, keeping: keptIDs) {
      storedImages[id] = nil
      storedTiles[id] = nil
    }
  }

  /// The long side the full-screen preview's picture is decoded to: the preview area's
  /// pixels (``PreviewBackend/pixelBox(columns:rows:)``).
  public var previewLongSide: Int {
    let area = layout.preview
    let box = previews.pixelBox(columns: area.width, rows: area.height)
    return max(box.width, box.height)
  }

  /// The picture the full-screen preview shows for `id`: the one decoded for the screen when
  /// it has arrived, else the thumbnail.
  public func previewPicture(_ id: String) -> PixelImage? {
    if let preview = previewImage, preview.id == id, let image = preview.image { return image }
    return images[id]
  }

  /// Whether every visible tile shows its thumbnail (or its failure): the "full frame".
  public var isFullyLoaded: Bool {
    visibleIDs.allSatisfy { tiles[$0] != nil || failedImages[$0] != nil }
  }
}

/// A picture decoded for the full-screen preview: whose it is and for which pixel box.
public struct PreviewImage: Sendable {
  public var id: String
  /// The long side it was decoded to fit.
  public var longSide: Int
  /// The picture; nil while it is being decoded, or when it could not be.
  public var image: PixelImage?

  public init(id: String, longSide: Int, image: PixelImage? = nil) {
    self.id = id
    self.longSide = longSide
    self.image = image
  }
}

/// Whether the gallery browses the library or picks files for the caller (`photogate pick`).
public enum GalleryMode: Sendable, Equatable {
  case browse
  case pick
}

/// A terminal size in cells.
public struct TerminalSize: Sendable, Equatable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
  }
}

/// The gallery's own panels, drawn over the picker screen.
public enum GalleryPanel: Sendable, Equatable {
  /// The `?` key list.
  case help
  /// The focused asset, full screen.
  case preview
  /// The simulator's permission menu.
  case menu(PermissionMenu)
}

/// Where the keyboard focus is on the main screen.
public enum GalleryFocus: Sendable, Equatable {
  /// The thumbnail grid.
  case grid
  /// The screen button at this index of `PickerState.screenButtons`.
  case button(Int)
}

/// How the gallery ended.
public enum GalleryExit: Sendable, Equatable {
  /// The user quit (q, Esc) while browsing.
  case quit
  /// Ctrl-C.
  case interrupted
  /// Picking ended with these absolute paths, in pick order.
  case picked([String])
  /// Picking was cancelled.
  case cancelled
}

/// What the permission menu shows about the simulated device and app.
public struct DeviceInfo: Sendable, Equatable {
  /// The iOS version whose behaviour applies.
  public var ios: IOSVersion
  /// Whether the parental-controls restriction is on.
  public var isRestricted: Bool
  /// The app's bundle id.
  public var bundleID: String
  /// The library folder's path.
  public var libraryPath: String

  /// What `device` is now.
  public init(_ device: SimulatedPhone) {
    let session = device.session
    self.init(
      ios: session.ios, isRestricted: device.isRestricted, bundleID: session.bundleID,
      libraryPath: device.libraryPath)
  }

  public init(
    ios: IOSVersion = .newest, isRestricted: Bool = false,
    bundleID: String = "com.example.picker", libraryPath: String = ""
  ) {
    self.ios = ios
    self.isRestricted = isRestricted
    self.bundleID = bundleID
    self.libraryPath = libraryPath
  }
}
