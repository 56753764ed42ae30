import Foundation
import PhotoLibrary

/// Everything the picker screen shows, as one value: the status and the assets it was given,
/// the grid window, the picked assets, and the overlay on top.
///
/// The equivalent of the sample picker's `ImagePickerViewController` properties (`infoLabel`,
/// `manageButton`, `seeAllButton`) plus what iOS draws over it. Only the reducer changes it.
public struct PickerState: Sendable, Equatable {
  /// The host app's configuration; survives relaunches.
  public var configuration: PickerConfiguration
  /// The app's name and iOS version of the current launch (nil before the first launch).
  public var launch: LaunchInfo?
  /// How many times the app has been launched in this session (1 for the first launch).
  public var launchCount: Int
  /// The read/write status the screen shows, once known (nil until the request returns).
  public var status: AuthorizationStatus?
  /// The assets the grid shows: the current album's among those the access allows (with the
  /// configuration's filter), in the album's order.
  public var assets: AssetList {
    didSet { unreadableCount = assets.lazy.filter(\.isUnreadable).count }
  }
  /// How many of ``assets`` are unreadable files, counted once per new list (the status row is
  /// drawn on every frame; a million assets are not counted again for each).
  public private(set) var unreadableCount = 0
  /// Every asset the last library read gave (what the access allows), newest first.
  public var libraryAssets: AssetList
  /// When the library was last read (dates Recently Added).
  public var libraryReadAt: Date
  /// The album the grid shows; Recents when the screen opens, as in the Photos picker.
  public var album: AssetCollection.Kind
  /// The album switcher, while it is open.
  public var albumList: AlbumList?
  /// The window over `assets`.
  public var grid: GridWindow
  /// The assets picked for the host app, in order (nil when the screen only browses).
  public var picking: PickingSelection?
  /// What is drawn over the screen.
  public var overlay: Overlay?
  /// The focused button of the overlay.
  public var overlayFocus: Int
  /// The request that waits for an answer or for the limited picker to close.
  public var pendingRequest: AuthorizationRequest?
  /// Whether the simulated app was terminated and waits for a relaunch.
  public var isTerminated: Bool
  /// The ids the last ``PickerEffect/loadThumbnails(_:)`` named: what the screen shows, so
  /// that the host hears again only when that changes. Which thumbnails the host holds is the
  /// host's to know (its cache may drop some and load them again).
  public var shownThumbnails: [String]
  /// What the picker handed back to the host app, once Add or Cancel was tapped.
  public var result: PickResult?
  /// The ids whose full version is in iCloud only, as the library was last read.
  public var offloaded: AssetIDSet = []
  /// Downloads from iCloud the host runs for the grid's assets, by id.
  public var downloads: [String: CloudDownloadStatus] = [:]

  /// A screen that has not launched yet.
  public init(configuration: PickerConfiguration = PickerConfiguration()) {
    self.configuration = configuration
    self.launch = nil
    self.launchCount = 0
    self.status = nil
    self.assets = []
    self.libraryAssets = []
    self.libraryReadAt = Date(timeIntervalSince1970: 0)
    self.album = .smartAlbum(.userLibrary)
    self.albumList = nil
    self.grid = GridWindow(columns: configuration.columns, rows: configuration.rows)
    self.picking =
      configuration.isPicking ? PickingSelection(limit: configuration.selectionLimit) : nil
    self.overlay = nil
    self.overlayFocus = 0
    self.pendingRequest = nil
    self.isTerminated = false
    self.shownThumbnails = []
    self.result = nil
  }

  /// The focused asset of the grid, if any.
  public var focusedAsset: Asset? {
    assets.indices.contains(grid.focus) ? assets[grid.focus] : nil
  }

  /// The assets inside the grid window.
  public var visibleAssets: Slice<AssetList> { assets[grid.visibleRange] }

  /// The screen's own buttons for the status (the sample picker's `showUI(for:)`): Manage when
  /// limited,
  /// See All Photos when denied.
  public var screenActions: [ScreenButton] {
    guard !isTerminated else { return [] }
    switch status {
    case .limited: return [.manage]
    case .denied: return [.seeAllPhotos]
    default: return []
    }
  }

  /// The words of ``screenActions``.
  public var screenButtons: [String] { screenActions.map(\.label) }

  /// The info label's lines (docs/permission-model.md#picker-screen): `Status: …` and, when the
  /// library can be read, `Photos: N` (grouped: "Photos: 100,000"); nothing while not
  /// determined (the system prompt is up).
  public var infoLines: [String] {
    guard !isTerminated, let status else { return [] }
    switch status {
    case .authorized, .limited:
      // A file whose header could not be read is not a photo: it is counted apart.
      let unreadable = unreadableCount
      let photos = "Photos: \(CountText.grouped(assets.count - unreadable))"
      guard unreadable > 0 else { return ["Status: \(status)", photos] }
      return ["Status: \(status)", photos + " · \(CountText.grouped(unreadable)) unreadable"]
    case .denied, .restricted: return ["Status: \(status)"]
    case .notDetermined: return []
    }
  }
}
