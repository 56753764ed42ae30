/// Where the "save as much as possible" flow put the file.
public enum SaveOutcome: String, Sendable, Equatable, Codable {
  case album
  case cameraRoll
  case nothing
}

/// The result of `PhotoLibrarySession.save(fileAt:album:)`.
public struct SaveReport: Sendable, Equatable {
  public var outcome: SaveOutcome
  /// The new asset (nil for `.nothing`). Under add-only the app cannot read it back.
  public var asset: Asset?
  /// The requests the flow made on the way, in order.
  public var requests: [RequestReport]

  public init(outcome: SaveOutcome, asset: Asset?, requests: [RequestReport]) {
    self.outcome = outcome
    self.asset = asset
    self.requests = requests
  }
}
