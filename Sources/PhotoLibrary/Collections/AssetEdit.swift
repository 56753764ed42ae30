import Foundation

/// A saved edit of an asset: the rendered photo or movie that replaces the original in every
/// app, and the adjustment data that lets an editor reopen the edit. The original file is never
/// touched. Mirrors what PhotoKit keeps for a `PHContentEditingOutput`.
public struct AssetEdit: Sendable, Equatable, Codable {
  /// The editor's description of the edit. Mirrors `PHAdjustmentData`.
  public struct Adjustment: Sendable, Equatable, Hashable, Codable {
    /// The editor's identifier ("com.example.filters").
    public var formatIdentifier: String
    /// The version of the editor's format ("1.0").
    public var formatVersion: String
    /// The editor's own bytes.
    public var data: Data

    public init(formatIdentifier: String, formatVersion: String, data: Data) {
      self.formatIdentifier = formatIdentifier
      self.formatVersion = formatVersion
      self.data = data
    }
  }

  /// The id of the edited asset.
  public var assetID: String
  /// The rendered file's name in the edit store's folder.
  public var renderedFile: String
  public var adjustment: Adjustment
  /// When the edit was saved (the asset's modification date).
  public var date: Date

  public init(assetID: String, renderedFile: String, adjustment: Adjustment, date: Date) {
    self.assetID = assetID
    self.renderedFile = renderedFile
    self.adjustment = adjustment
    self.date = date
  }
}
