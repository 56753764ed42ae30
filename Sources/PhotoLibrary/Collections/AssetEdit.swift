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
  /// The identity of the file that was edited: a new photo saved under the asset's name
  /// is another asset, which this edit does not apply to. Nil in an edit saved by an older
  /// PhotoGate (it applies to the file at its id).
  public var file: AssetFileIdentity?

  public init(
    assetID: String, renderedFile: String, adjustment: Adjustment, date: Date,
    file: AssetFileIdentity? = nil
  ) {
    self.assetID = assetID
    self.renderedFile = renderedFile
    self.adjustment = adjustment
    self.date = date
    self.file = file
  }

  /// Whether this is an edit of `asset`: its id, and the file that was edited (when both
  /// sides know their file).
  public func applies(to asset: Asset) -> Bool {
    guard asset.id.utf8.elementsEqual(assetID.utf8) else { return false }
    guard let file, let now = asset.fileIdentity else { return true }
    return file == now
  }
}
