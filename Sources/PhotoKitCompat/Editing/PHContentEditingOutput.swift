import Foundation
import PhotoLibrary

/// What an editor saves: the rendered photo (or movie) it writes to `renderedContentURL` and
/// the adjustment data describing the edit. Hand it to
/// `PHAssetChangeRequest(for:).contentEditingOutput` in a change block. Mirrors
/// `PHContentEditingOutput`.
public final class PHContentEditingOutput: NSObject, @unchecked Sendable {
  /// Required when the change is performed: without it the change fails.
  public var adjustmentData: PHAdjustmentData?
  /// Where the editor writes the rendered content: JPEG (or HEIF) for a photo, a movie for a
  /// video. The folder exists; the file does not until the editor writes it.
  public var renderedContentURL: URL { chosenURL ?? defaultURL }
  /// The asset the output belongs to.
  let assetLocalIdentifier: String
  /// Whether the output is for a movie.
  let isVideo: Bool
  private let defaultURL: URL
  /// The file `renderedContentURL(for:)` chose.
  private var chosenURL: URL?

  /// An output for the asset `contentEditingInput` was made for.
  public init(contentEditingInput: PHContentEditingInput) {
    assetLocalIdentifier = contentEditingInput.assetLocalIdentifier
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("PhotoKitCompat-Rendered-\(UUID().uuidString)", isDirectory: true)
    try? FileContents.makeFolder(folder)
    isVideo = contentEditingInput.mediaType == .video
    defaultURL = folder.appendingPathComponent("FullSizeRender.\(isVideo ? "MOV" : "JPG")")
    super.init()
  }

  /// The types the render may be written in: JPEG or HEIC for a photo, QuickTime for a
  /// movie. Mirrors `supportedRenderedContentTypes`.
  public var supportedRenderedContentTypes: [UTType] {
    isVideo ? [.quickTimeMovie] : [.jpeg, .heic]
  }

  /// The type `renderedContentURL` is named for: JPEG for a photo, QuickTime for a movie.
  /// Mirrors `defaultRenderedContentType`.
  public var defaultRenderedContentType: UTType? { isVideo ? .quickTimeMovie : .jpeg }

  /// Where to write a render of `type`; from then on it is `renderedContentURL`. Throws
  /// `PHPhotosError.invalidResource` for a type not in `supportedRenderedContentTypes`.
  /// Mirrors `renderedContentURL(for:)`.
  public func renderedContentURL(for type: UTType) throws -> URL {
    guard supportedRenderedContentTypes.contains(type), let ext = type.preferredFilenameExtension
    else {
      throw PHPhotosError(
        .invalidResource,
        "\(type.identifier) is not a type a render can be written in: use one of "
          + supportedRenderedContentTypes.map(\.identifier).joined(separator: ", "))
    }
    let url = defaultURL.deletingLastPathComponent()
      .appendingPathComponent("FullSizeRender.\(ext.uppercased())")
    chosenURL = url
    return url
  }
}
