/// What kind of media an asset is; mirrors `PHAssetMediaType` with its raw values.
public enum MediaType: Int, Sendable, Equatable, Hashable, Codable, CaseIterable {
  case unknown = 0
  case image = 1
  case video = 2
  case audio = 3

  /// PhotoKit's case name ("image"), used in JSON and on the command line.
  public var name: String {
    switch self {
    case .unknown: "unknown"
    case .image: "image"
    case .video: "video"
    case .audio: "audio"
    }
  }
}
