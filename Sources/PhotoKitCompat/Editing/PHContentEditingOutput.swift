import Foundation

/// What an editor saves: the rendered photo (or movie) it writes to `renderedContentURL` and
/// the adjustment data describing the edit. Hand it to
/// `PHAssetChangeRequest(for:).contentEditingOutput` in a change block. Mirrors
/// `PHContentEditingOutput`.
public final class PHContentEditingOutput: NSObject, @unchecked Sendable {
  /// Required when the change is performed: without it the change fails.
  public var adjustmentData: PHAdjustmentData?
  /// Where the editor writes the rendered content: JPEG (or HEIF) for a photo, a movie for a
  /// video. The folder exists; the file does not until the editor writes it.
  public let renderedContentURL: URL
  /// The asset the output belongs to.
  let assetLocalIdentifier: String

  /// An output for the asset `contentEditingInput` was made for.
  public init(contentEditingInput: PHContentEditingInput) {
    assetLocalIdentifier = contentEditingInput.assetLocalIdentifier
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("PhotoKitCompat-Rendered-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let ext = contentEditingInput.mediaType == .video ? "MOV" : "JPG"
    renderedContentURL = folder.appendingPathComponent("FullSizeRender.\(ext)")
    super.init()
  }
}
