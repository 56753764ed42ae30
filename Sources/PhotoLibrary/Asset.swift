import Foundation

/// One photo, Live Photo or video in the folder library. Mirrors the parts of `PHAsset` that
/// a picker needs.
public struct Asset: Sendable, Equatable, Hashable, Identifiable {
  /// The path relative to the library root, with `/` separators ("Trips/beach.jpg"); the
  /// equivalent of `PHAsset.localIdentifier`. A Live Photo's id is its still's path.
  public var id: String
  /// The file's absolute location (a Live Photo's still).
  public var url: URL
  /// EXIF `DateTimeOriginal` (a movie's QuickTime creation date) when present, else the
  /// file's modification time.
  public var creationDate: Date
  /// Pixel size after EXIF orientation or the movie's rotation (0 when the header could not
  /// be read).
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// The first-level subfolder holding the asset, or nil for the library root (the album it
  /// is in follows from ``folderPath``, see ``UserCollection``).
  public var album: String?
  /// `PHAsset.mediaType`.
  public var mediaType: MediaType
  /// `PHAsset.mediaSubtypes`.
  public var mediaSubtypes: MediaSubtypes
  /// `PHAsset.duration`: a video's length in seconds, 0 for photos (Live Photos included).
  public var duration: Double
  /// The files behind the asset (`PHAssetResource.assetResources(for:)`).
  public var resources: [AssetResource]
  /// When the file came into the library (its modification time): `Recently Added` sorts by it.
  public var addedDate: Date
  /// `PHAsset.isFavorite`, from the library's attributes.
  public var isFavorite: Bool
  /// `PHAsset.isHidden`, from the library's attributes.
  public var isHidden: Bool
  /// Facts smart albums sort by that PhotoKit has no property for.
  public var traits: AssetTraits

  public init(
    id: String, url: URL, creationDate: Date, pixelWidth: Int, pixelHeight: Int,
    album: String?, mediaType: MediaType = .image, mediaSubtypes: MediaSubtypes = [],
    duration: Double = 0, resources: [AssetResource]? = nil, addedDate: Date? = nil,
    isFavorite: Bool = false, isHidden: Bool = false, traits: AssetTraits = []
  ) {
    self.id = id
    self.url = url
    self.creationDate = creationDate
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.album = album
    self.mediaType = mediaType
    self.mediaSubtypes = mediaSubtypes
    self.duration = duration
    self.resources =
      resources ?? [AssetResource(kind: mediaType == .video ? .video : .photo, path: id, url: url)]
    self.addedDate = addedDate ?? creationDate
    self.isFavorite = isFavorite
    self.isHidden = isHidden
    self.traits = traits
  }

  /// A Live Photo's movie, if this is one.
  public var pairedVideo: AssetResource? { resources.first { $0.kind == .pairedVideo } }
}

/// What smart albums read from a file besides PhotoKit's subtypes.
public struct AssetTraits: OptionSet, Sendable, Hashable, Codable {
  public let rawValue: UInt

  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// Taken with the front camera (Selfies).
  public static let frontCamera = AssetTraits(rawValue: 1 << 0)
  /// An animation of more than one frame: GIF, animated WebP (Animated).
  public static let animated = AssetTraits(rawValue: 1 << 1)
}
