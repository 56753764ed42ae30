/// The kinds of photo or video an asset is besides its media type; mirrors
/// `PHAssetMediaSubtype` with its raw values.
///
/// Each detection rule, with the file evidence it reads, is in `docs/07-media-model.md`.
public struct MediaSubtypes: OptionSet, Sendable, Hashable, Codable {
  public let rawValue: UInt

  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  public static let photoPanorama = MediaSubtypes(rawValue: 1 << 0)
  public static let photoHDR = MediaSubtypes(rawValue: 1 << 1)
  public static let photoScreenshot = MediaSubtypes(rawValue: 1 << 2)
  public static let photoLive = MediaSubtypes(rawValue: 1 << 3)
  public static let photoDepthEffect = MediaSubtypes(rawValue: 1 << 4)
  public static let videoStreamed = MediaSubtypes(rawValue: 1 << 16)
  public static let videoHighFrameRate = MediaSubtypes(rawValue: 1 << 17)
  public static let videoTimelapse = MediaSubtypes(rawValue: 1 << 18)

  /// Every subtype with PhotoKit's case name, in raw-value order.
  public static let named: [(subtype: MediaSubtypes, name: String)] = [
    (.photoPanorama, "photoPanorama"), (.photoHDR, "photoHDR"),
    (.photoScreenshot, "photoScreenshot"), (.photoLive, "photoLive"),
    (.photoDepthEffect, "photoDepthEffect"), (.videoStreamed, "videoStreamed"),
    (.videoHighFrameRate, "videoHighFrameRate"), (.videoTimelapse, "videoTimelapse"),
  ]

  /// The names of the subtypes set, in raw-value order (`["photoLive"]`).
  public var names: [String] {
    Self.named.filter { contains($0.subtype) }.map(\.name)
  }
}
