/// The picker screen as plain data: what a user would read on it, with nothing that depends
/// on time, paths or the terminal. Built from a `PickerState`; rendered as text by
/// `PickerScreen.text` and encoded as JSON by `PickerScreen.json()`.
///
/// Snapshot tests, `photogate snapshot [--json]` and the terminal gallery all read this one
/// value, so they never disagree about what the screen shows.
public struct PickerScreen: Sendable, Equatable, Codable {
  /// The app's display name.
  public var app: String?
  /// The iOS version (13, 14, …).
  public var ios: Int?
  /// Which launch this is (1 for the first).
  public var launch: Int
  /// False once the app was terminated and before it is launched again.
  public var running: Bool
  /// The status the screen shows (`authorized`, …), or nil while unknown.
  public var status: String?
  /// The info label's lines (`Status: limited`, `Photos: 3`).
  public var info: [String]
  /// The screen's buttons (`Manage`, `See All Photos`).
  public var buttons: [String]
  /// The album title over the grid ("Trips ▾"); nil while it is Recents, the default, with no
  /// filter and the switcher closed (so that screens that never switch read as before).
  public var album: String?
  /// The media filter, when the picker offers only some assets (`images`, `videos`,
  /// `livePhotos`).
  public var filter: String?
  /// The album switcher's rows, while it is open.
  public var albums: [AlbumRow]?
  /// The grid window, when the status lets the app read the library.
  public var grid: Grid?
  /// The picking bar, when the screen picks for the host app and has a grid.
  public var picking: Picking?
  /// The overlay on top, if any.
  public var overlay: OverlayView?
  /// What was handed to the host app: `picked` ids or `cancelled`.
  public var result: [String]?
  /// Whether the picking ended with Cancel.
  public var cancelled: Bool

  /// The visible window of a grid.
  public struct Grid: Sendable, Equatable, Codable {
    /// How many items the whole grid holds.
    public var count: Int
    public var columns: Int
    public var rows: Int
    /// The first visible row (0-based) and the number of rows in all.
    public var topRow: Int
    public var totalRows: Int
    /// The focused item's id.
    public var focus: String?
    /// The visible rows, each a list of cells.
    public var cells: [[Cell]]
  }

  /// One visible item.
  public struct Cell: Sendable, Equatable, Codable {
    public var id: String
    public var focused: Bool
    /// The 1-based pick order, when picked for the host app.
    public var pick: Int?
    /// In the limited picker: whether the item is checked.
    public var checked: Bool?
    /// The grid's badge: a video's duration ("0:42") or "LIVE"; nil for photos.
    public var badge: String?
    /// The iCloud badge: "☁" in iCloud only, "☁ 42%" downloading, "☁ failed"; nil on the
    /// device.
    public var cloud: String? = nil
  }

  /// One row of the album switcher.
  public struct AlbumRow: Sendable, Equatable, Codable {
    public var title: String
    public var count: Int
    public var focused: Bool
    /// Whether the grid shows this album.
    public var current: Bool
  }

  /// The picking bar: the picked ids in order, the limit, and Cancel / Add.
  public struct Picking: Sendable, Equatable, Codable {
    public var limit: Int?
    public var picked: [String]
    /// Whether Add can be tapped (something is picked).
    public var canAdd: Bool
  }

  /// An overlay as drawn: title, message, buttons with focus, and (limited picker) its grid.
  public struct OverlayView: Sendable, Equatable, Codable {
    public var kind: String
    public var title: String?
    public var message: String?
    public var detail: String?
    public var buttons: [Button]
    public var grid: Grid?
  }

  /// An overlay button.
  public struct Button: Sendable, Equatable, Codable {
    public var label: String
    public var focused: Bool
    public var checked: Bool
    public var disabled: Bool
  }
}
