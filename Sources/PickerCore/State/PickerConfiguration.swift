import PhotoLibrary

/// How the host app configures the picker: the grid's shape and whether (and how many)
/// assets can be picked. Mirrors the parts of `PHPickerConfiguration` a custom picker needs.
public struct PickerConfiguration: Sendable, Equatable, Codable {
  /// Grid columns.
  public var columns: Int
  /// Visible grid rows.
  public var rows: Int
  /// Whether the screen picks assets for the host app (Add / Cancel) or only browses.
  public var isPicking: Bool
  /// The most assets that can be picked (`selectionLimit`); nil means no limit.
  public var selectionLimit: Int?
  /// What the screen requests as it loads (the sample picker's `viewDidLoad` asks read/write); nil
  /// waits for the host app to send `.authorizationRequested`.
  public var launchRequest: AuthorizationRequest?
  /// Which assets are offered (`PHPickerConfiguration.filter`); nil offers every asset.
  public var filter: MediaFilter?

  public init(
    columns: Int = 4, rows: Int = 3, isPicking: Bool = true, selectionLimit: Int? = nil,
    launchRequest: AuthorizationRequest? = .readWrite, filter: MediaFilter? = nil
  ) {
    self.filter = filter
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    self.isPicking = isPicking
    self.selectionLimit = selectionLimit
    self.launchRequest = launchRequest
  }
}
