import Foundation

/// One file behind an asset; mirrors `PHAssetResource` (a Live Photo has two: the photo and
/// its paired video).
public struct AssetResource: Sendable, Equatable, Hashable {
  /// The role of the file; mirrors `PHAssetResourceType` with its raw values.
  public enum Kind: Int, Sendable, Equatable, Hashable, CaseIterable {
    case photo = 1
    case video = 2
    case pairedVideo = 9

    /// PhotoKit's case name ("pairedVideo").
    public var name: String {
      switch self {
      case .photo: "photo"
      case .video: "video"
      case .pairedVideo: "pairedVideo"
      }
    }
  }

  public var kind: Kind
  /// The file's path relative to the library root.
  public var path: String
  /// The file's absolute location.
  public var url: URL

  public init(kind: Kind, path: String, url: URL) {
    self.kind = kind
    self.path = path
    self.url = url
  }

  /// The file name (`PHAssetResource.originalFilename`).
  public var originalFilename: String { url.lastPathComponent }
}
