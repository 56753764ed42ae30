import Foundation

/// An editor's description of an edit, saved with the rendered photo so that the editor can
/// reopen it. Mirrors `PHAdjustmentData`.
public final class PHAdjustmentData: NSObject, @unchecked Sendable {
  /// The editor's identifier ("com.example.filters").
  public let formatIdentifier: String
  /// The version of the editor's format ("1.0").
  public let formatVersion: String
  /// The editor's own bytes.
  public let data: Data

  public init(formatIdentifier: String, formatVersion: String, data: Data) {
    self.formatIdentifier = formatIdentifier
    self.formatVersion = formatVersion
    self.data = data
    super.init()
  }
}
