import Foundation

/// One photo, Live Photo or video in the folder library. Mirrors the parts of `PHAsset` that
/// a picker needs.
public struct Asset: Sendable, Equatable, Hashable, Identifiable {
  /// The path relative to the library root, with `/` separators ("Trips/beach.jpg"); the
  /// equivalent of `PHAsset.localIdentifier`. A Live Photo's id is its still's path.
  public var id: String
  /// Where the asset's files are: its id below a shared root, or explicit locations.
  private var location: Location
  /// EXIF `DateTimeOriginal` (a movie's QuickTime creation date) when present, else the
  /// file's modification time.
  public var creationDate: Date
  /// Pixel size after EXIF orientation or the movie's rotation (0 when the header could not
  /// be read).
  public var pixelWidth: Int {
    get { Int(width) }
    set { width = Int32(clamping: newValue) }
  }
  public var pixelHeight: Int {
    get { Int(height) }
    set { height = Int32(clamping: newValue) }
  }
  // A listing holds a million assets: the sizes take 4 bytes each, the traits' few bits 4,
  // and the media type and the two flags share the word that ends them (96 bytes an asset).
  private var width: Int32
  private var height: Int32

  /// Whether the file's header could not be read (a broken or unsupported file, listed with a
  /// 0×0 size): it is counted apart from the photos, not as one.
  public var isUnreadable: Bool { width == 0 || height == 0 }
  /// `PHAsset.mediaSubtypes`.
  public var mediaSubtypes: MediaSubtypes
  /// Facts smart albums sort by that PhotoKit has no property for.
  public var traits: AssetTraits {
    get { AssetTraits(rawValue: UInt(traitBits)) }
    set { traitBits = UInt32(truncatingIfNeeded: newValue.rawValue) }
  }
  /// ``traits``' bits (every trait is below bit 32).
  private var traitBits: UInt32
  /// `PHAsset.mediaType`.
  public var mediaType: MediaType
  /// `PHAsset.isFavorite`, from the library's attributes.
  public var isFavorite: Bool
  /// `PHAsset.isHidden`, from the library's attributes.
  public var isHidden: Bool
  /// `PHAsset.duration`: a video's length in seconds, 0 for photos (Live Photos included).
  public var duration: Double
  /// When the file came into the library (its modification time): `Recently Added` sorts by it.
  public var addedDate: Date
  /// What makes the file at ``id`` this asset (its inode and birth time, from the scan's
  /// `statx`): a later file saved under the same name has another. Nil for an asset that is no
  /// file of a folder library.
  public var fileIdentity: AssetFileIdentity? {
    get { fileIdentityValue == 0 ? nil : AssetFileIdentity(value: fileIdentityValue) }
    set { fileIdentityValue = newValue?.value ?? 0 }
  }
  /// ``fileIdentity``'s digest, 0 for none (never a digest: see `FileIdentity`): 8 bytes per
  /// listed asset where an optional would take 16.
  private var fileIdentityValue: UInt64 = 0

  public init(
    id: String, url: URL, creationDate: Date, pixelWidth: Int, pixelHeight: Int,
    album: String?, mediaType: MediaType = .image, mediaSubtypes: MediaSubtypes = [],
    duration: Double = 0, resources: [AssetResource]? = nil, addedDate: Date? = nil,
    isFavorite: Bool = false, isHidden: Bool = false, traits: AssetTraits = []
  ) {
    self.init(
      id: id,
      location: .explicit(
        ExplicitFiles(
          url: url,
          resources: resources
            ?? [AssetResource(kind: mediaType == .video ? .video : .photo, path: id, url: url)],
          album: album)),
      creationDate: creationDate, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
      mediaType: mediaType, mediaSubtypes: mediaSubtypes, duration: duration,
      addedDate: addedDate ?? creationDate, isFavorite: isFavorite, isHidden: isHidden,
      traits: traits)
  }

  /// An asset of the file `id` below `root` (a folder listing): it keeps no URL of its own,
  /// and its album is the first folder of `id`. `pairedVideo` is the id of a Live Photo's
  /// movie.
  init(
    id: String, root: AssetRoot, pairedVideo: String?, creationDate: Date, pixelWidth: Int,
    pixelHeight: Int, mediaType: MediaType, mediaSubtypes: MediaSubtypes, duration: Double,
    addedDate: Date, traits: AssetTraits, fileIdentity: AssetFileIdentity?
  ) {
    self.init(
      id: id, location: .inRoot(root, pairedVideo: pairedVideo), creationDate: creationDate,
      pixelWidth: pixelWidth, pixelHeight: pixelHeight, mediaType: mediaType,
      mediaSubtypes: mediaSubtypes, duration: duration, addedDate: addedDate, isFavorite: false,
      isHidden: false, traits: traits)
    self.fileIdentity = fileIdentity
  }

  private init(
    id: String, location: Location, creationDate: Date, pixelWidth: Int, pixelHeight: Int,
    mediaType: MediaType, mediaSubtypes: MediaSubtypes, duration: Double, addedDate: Date,
    isFavorite: Bool, isHidden: Bool, traits: AssetTraits
  ) {
    self.id = id
    self.location = location
    self.creationDate = creationDate
    self.width = Int32(clamping: pixelWidth)
    self.height = Int32(clamping: pixelHeight)
    self.mediaSubtypes = mediaSubtypes
    self.traitBits = UInt32(truncatingIfNeeded: traits.rawValue)
    self.mediaType = mediaType
    self.isFavorite = isFavorite
    self.isHidden = isHidden
    self.duration = duration
    self.addedDate = addedDate
  }

  /// The first-level subfolder holding the asset, or nil for the library root (the album it
  /// is in follows from ``folderPath``, see ``UserCollection``). For a file of a folder
  /// library it is the first folder of its id, and not stored.
  public var album: String? {
    get {
      switch location {
      case .inRoot:
        let bytes = id.utf8
        return bytes.firstIndex(of: UInt8(ascii: "/")).map { String(id[..<$0]) }
      case .explicit(let files): return files.album
      }
    }
    set {
      guard newValue != album else { return }
      location = .explicit(ExplicitFiles(url: url, resources: resources, album: newValue))
    }
  }

  /// The file's absolute location (a Live Photo's still).
  public var url: URL {
    get {
      switch location {
      case .inRoot(let root, _): root.url(of: id)
      case .explicit(let files): files.url
      }
    }
    set {
      location = .explicit(ExplicitFiles(url: newValue, resources: resources, album: album))
    }
  }

  /// The file's absolute path (`url.path`, without making a URL).
  public var path: String {
    switch location {
    case .inRoot(let root, _): root.path(of: id)
    case .explicit(let files): files.url.path
    }
  }

  /// The files behind the asset (`PHAssetResource.assetResources(for:)`).
  public var resources: [AssetResource] {
    get {
      switch location {
      case .inRoot(let root, let pairedVideo):
        var resources = [
          AssetResource(
            kind: mediaType == .video ? .video : .photo, path: id, url: root.url(of: id))
        ]
        if let pairedVideo {
          resources.append(
            AssetResource(kind: .pairedVideo, path: pairedVideo, url: root.url(of: pairedVideo)))
        }
        return resources
      case .explicit(let files):
        return files.resources
      }
    }
    set { location = .explicit(ExplicitFiles(url: url, resources: newValue, album: album)) }
  }

  /// The kind and absolute path of each of ``resources`` (their `url.path`), without making a
  /// URL for each (a listing of the whole library prints them).
  public var resourcePaths: [(kind: AssetResource.Kind, path: String)] {
    switch location {
    case .inRoot(let root, let pairedVideo):
      let own = (kind: mediaType == .video ? AssetResource.Kind.video : .photo, path: path)
      guard let pairedVideo else { return [own] }
      return [own, (kind: .pairedVideo, path: root.path(of: pairedVideo))]
    case .explicit(let files):
      return files.resources.map { (kind: $0.kind, path: $0.url.path) }
    }
  }

  /// A Live Photo's movie, if this is one.
  public var pairedVideo: AssetResource? { resources.first { $0.kind == .pairedVideo } }

  public static func == (lhs: Asset, rhs: Asset) -> Bool {
    guard
      lhs.id == rhs.id && lhs.creationDate == rhs.creationDate
        && lhs.pixelWidth == rhs.pixelWidth && lhs.pixelHeight == rhs.pixelHeight
        && lhs.album == rhs.album && lhs.mediaType == rhs.mediaType
        && lhs.mediaSubtypes == rhs.mediaSubtypes && lhs.duration == rhs.duration
        && lhs.addedDate == rhs.addedDate && lhs.isFavorite == rhs.isFavorite
        && lhs.isHidden == rhs.isHidden && lhs.traits == rhs.traits
        && lhs.fileIdentityValue == rhs.fileIdentityValue
    else { return false }
    if case .inRoot(let left, let leftVideo) = lhs.location,
      case .inRoot(let right, let rightVideo) = rhs.location, left.isSame(as: right)
    {
      return leftVideo == rightVideo
    }
    return lhs.url == rhs.url && lhs.resources == rhs.resources
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(creationDate)
    hasher.combine(pixelWidth)
    hasher.combine(pixelHeight)
  }
}

extension Asset {
  /// Where an asset's files are.
  private enum Location: Sendable {
    /// The id below a shared root; the resources are the file's own and, for a Live Photo, its
    /// movie (by id).
    case inRoot(AssetRoot, pairedVideo: String?)
    /// Given as URLs, with the album given (one reference: the case takes no more room than
    /// the other).
    case explicit(ExplicitFiles)
  }

  /// An asset's files and album given explicitly (an asset that is no file of a folder
  /// library, or one moved or changed by hand).
  private final class ExplicitFiles: Sendable {
    let url: URL
    let resources: [AssetResource]
    let album: String?

    init(url: URL, resources: [AssetResource], album: String?) {
      self.url = url
      self.resources = resources
      self.album = album
    }
  }
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
