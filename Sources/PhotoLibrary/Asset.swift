import Foundation

/// One photo, Live Photo or video in the folder library. Mirrors the parts of `PHAsset` that
/// a picker needs.
public struct Asset: Sendable, Equatable, Hashable, Identifiable {
  /// The path relative to the library root, with `/` separators ("Trips/beach.jpg"); the
  /// equivalent of `PHAsset.localIdentifier`. A Live Photo's id is its still's path.
  ///
  /// An asset of a folder library keeps its folder (shared) and its name, and makes the id
  /// when asked; comparisons and lookups of a listing read the two in place (see
  /// ``withIDBytes(_:)``).
  public var id: String {
    get { folder?.id(of: idPart) ?? idPart }
    set {
      guard let folder else {
        idPart = newValue
        return
      }
      let movie = pairedVideoID
      let (moved, name) = AssetFolder.holding(newValue, in: folder.place)
      place(name, in: moved, movie: movie)
    }
  }
  /// The name in its folder (a file of a folder library), else the whole id.
  private var idPart: String
  /// Where the asset's files are: its folder below a shared root, or explicit locations.
  private var location: Location
  /// EXIF `DateTimeOriginal` (a movie's QuickTime creation date) when present, else the
  /// file's modification time.
  public var creationDate: Date
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
  // A listing holds a million assets: the words first, then the sizes and the subtypes in 4
  // bytes each, then the traits and the two flags in one byte, the media type and the movie's
  // extension in one each (72 bytes an asset; stored properties are laid out in the order
  // they are declared).
  private var width: Int32
  private var height: Int32
  /// ``mediaSubtypes``' bits (every subtype is below bit 32).
  private var subtypeBits: UInt32
  /// ``traits``' bits (below bit 6), then ``isFavorite`` and ``isHidden``.
  private var flagBits: UInt8
  /// `PHAsset.mediaType`.
  public var mediaType: MediaType
  /// For a Live Photo whose movie is in its folder under its base name, the movie's extension
  /// (its place plus one in ``movieExtensions``); else 0.
  private var movieExtension: UInt8 = 0

  private static let favoriteBit: UInt8 = 1 << 6
  private static let hiddenBit: UInt8 = 1 << 7

  /// Whether the file's header could not be read (a broken or unsupported file, listed with a
  /// 0×0 size): it is counted apart from the photos, not as one.
  public var isUnreadable: Bool { width == 0 || height == 0 }
  /// `PHAsset.mediaSubtypes`.
  public var mediaSubtypes: MediaSubtypes {
    get { MediaSubtypes(rawValue: UInt(subtypeBits)) }
    set { subtypeBits = UInt32(truncatingIfNeeded: newValue.rawValue) }
  }
  /// Facts smart albums sort by that PhotoKit has no property for.
  public var traits: AssetTraits {
    get { AssetTraits(rawValue: UInt(flagBits & ~(Self.favoriteBit | Self.hiddenBit))) }
    set {
      let marks = Self.favoriteBit | Self.hiddenBit
      flagBits = flagBits & marks | UInt8(truncatingIfNeeded: newValue.rawValue) & ~marks
    }
  }
  /// `PHAsset.isFavorite`, from the library's attributes.
  public var isFavorite: Bool {
    get { flagBits & Self.favoriteBit != 0 }
    set { flagBits = newValue ? flagBits | Self.favoriteBit : flagBits & ~Self.favoriteBit }
  }
  /// `PHAsset.isHidden`, from the library's attributes.
  public var isHidden: Bool {
    get { flagBits & Self.hiddenBit != 0 }
    set { flagBits = newValue ? flagBits | Self.hiddenBit : flagBits & ~Self.hiddenBit }
  }

  public init(
    id: String, url: URL, creationDate: Date, pixelWidth: Int, pixelHeight: Int,
    album: String?, mediaType: MediaType = .image, mediaSubtypes: MediaSubtypes = [],
    duration: Double = 0, resources: [AssetResource]? = nil, addedDate: Date? = nil,
    isFavorite: Bool = false, isHidden: Bool = false, traits: AssetTraits = []
  ) {
    self.init(
      idPart: id,
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
    let (folder, name) = root.folder(holding: id)
    self.init(
      idPart: name, location: .inRoot(folder), creationDate: creationDate,
      pixelWidth: pixelWidth, pixelHeight: pixelHeight, mediaType: mediaType,
      mediaSubtypes: mediaSubtypes, duration: duration, addedDate: addedDate, isFavorite: false,
      isHidden: false, traits: traits)
    if pairedVideo != nil { place(name, in: folder, movie: pairedVideo) }
    self.fileIdentity = fileIdentity
  }

  private init(
    idPart: String, location: Location, creationDate: Date, pixelWidth: Int, pixelHeight: Int,
    mediaType: MediaType, mediaSubtypes: MediaSubtypes, duration: Double, addedDate: Date,
    isFavorite: Bool, isHidden: Bool, traits: AssetTraits
  ) {
    self.idPart = idPart
    self.location = location
    self.creationDate = creationDate
    self.duration = duration
    self.addedDate = addedDate
    self.width = Int32(clamping: pixelWidth)
    self.height = Int32(clamping: pixelHeight)
    self.subtypeBits = UInt32(truncatingIfNeeded: mediaSubtypes.rawValue)
    self.flagBits = 0
    self.mediaType = mediaType
    self.traits = traits
    self.isFavorite = isFavorite
    self.isHidden = isHidden
  }

  /// The first-level subfolder holding the asset, or nil for the library root (the album it
  /// is in follows from ``folderPath``, see ``UserCollection``). For a file of a folder
  /// library it is the first folder of its id, and not stored.
  public var album: String? {
    get {
      switch location {
      case .inRoot(let folder): return folder.album
      case .inRootWithMovie(let paired): return paired.folder.album
      case .explicit(let files): return files.album
      }
    }
    set {
      guard newValue != album else { return }
      locate(ExplicitFiles(url: url, resources: resources, album: newValue))
    }
  }

  /// The file's absolute location (a Live Photo's still).
  public var url: URL {
    get {
      if let folder { folder.place.url(of: id) } else { explicitFiles!.url }
    }
    set {
      locate(ExplicitFiles(url: newValue, resources: resources, album: album))
    }
  }

  /// The file's absolute path (`url.path`, without making a URL).
  public var path: String {
    if let folder { folder.path(of: idPart) } else { explicitFiles!.url.path }
  }

  /// The files behind the asset (`PHAssetResource.assetResources(for:)`).
  public var resources: [AssetResource] {
    get {
      switch folder {
      case let folder?:
        let root = folder.place
        var resources = [
          AssetResource(
            kind: mediaType == .video ? .video : .photo, path: id, url: root.url(of: id))
        ]
        if let pairedVideo = pairedVideoID {
          resources.append(
            AssetResource(kind: .pairedVideo, path: pairedVideo, url: root.url(of: pairedVideo)))
        }
        return resources
      case nil:
        return explicitFiles!.resources
      }
    }
    set { locate(ExplicitFiles(url: url, resources: newValue, album: album)) }
  }

  /// The kind and absolute path of each of ``resources`` (their `url.path`), without making a
  /// URL for each (a listing of the whole library prints them).
  public var resourcePaths: [(kind: AssetResource.Kind, path: String)] {
    switch folder {
    case let folder?:
      let own = (kind: mediaType == .video ? AssetResource.Kind.video : .photo, path: path)
      guard let pairedVideo = pairedVideoID else { return [own] }
      return [own, (kind: .pairedVideo, path: folder.place.path(of: pairedVideo))]
    case nil:
      return explicitFiles!.resources.map { (kind: $0.kind, path: $0.url.path) }
    }
  }

  /// A Live Photo's movie, if this is one.
  public var pairedVideo: AssetResource? { resources.first { $0.kind == .pairedVideo } }

  public static func == (lhs: Asset, rhs: Asset) -> Bool {
    guard
      idOrder(lhs, rhs) == 0 && lhs.creationDate == rhs.creationDate
        && lhs.pixelWidth == rhs.pixelWidth && lhs.pixelHeight == rhs.pixelHeight
        && lhs.album == rhs.album && lhs.mediaType == rhs.mediaType
        && lhs.mediaSubtypes == rhs.mediaSubtypes && lhs.duration == rhs.duration
        && lhs.addedDate == rhs.addedDate && lhs.isFavorite == rhs.isFavorite
        && lhs.isHidden == rhs.isHidden && lhs.traits == rhs.traits
        && lhs.fileIdentityValue == rhs.fileIdentityValue
    else { return false }
    if let left = lhs.folder, let right = rhs.folder, left.place.isSame(as: right.place) {
      return lhs.pairedVideoID == rhs.pairedVideoID
    }
    return lhs.url == rhs.url && lhs.resources == rhs.resources
  }

  public func hash(into hasher: inout Hasher) {
    // The id's bytes, as `==` compares them (read in place).
    hashID(into: &hasher)
    hasher.combine(creationDate)
    hasher.combine(pixelWidth)
    hasher.combine(pixelHeight)
  }
}

extension Asset {
  /// Where an asset's files are.
  private enum Location: Sendable {
    /// A file of a folder below a shared root, named by ``idPart``; the resources are the
    /// file's own and, for a Live Photo, its movie, beside it under its base name (see
    /// ``movieExtension``).
    case inRoot(AssetFolder)
    /// The same, with a movie elsewhere or named otherwise, by id.
    case inRootWithMovie(PairedMovie)
    /// Given as URLs, with the album given (one reference: the case takes no more room than
    /// the other).
    case explicit(ExplicitFiles)
  }

  /// A Live Photo's folder and the id of a movie that is not beside it under its name.
  private final class PairedMovie: Sendable {
    let folder: AssetFolder
    let movie: String

    init(folder: AssetFolder, movie: String) {
      self.folder = folder
      self.movie = movie
    }
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

extension Asset {
  /// The extensions of a Live Photo's movie that an asset keeps in a byte (any other is kept
  /// as the movie's id, in a reference of its own).
  private static let movieExtensions = ["MOV", "mov", "MP4", "mp4", "M4V", "m4v", "Mov", "qt"]

  /// The folder of an asset of a folder library; nil for one given explicitly.
  private var folder: AssetFolder? {
    switch location {
    case .inRoot(let folder): folder
    case .inRootWithMovie(let paired): paired.folder
    case .explicit: nil
    }
  }

  /// Whether the asset keeps its Live Photo's movie as an extension (no reference of its own).
  var keepsMovieByExtension: Bool { movieExtension > 0 }

  private var explicitFiles: ExplicitFiles? {
    if case .explicit(let files) = location { files } else { nil }
  }

  /// The id of a Live Photo's movie, for an asset of a folder library.
  private var pairedVideoID: String? {
    switch location {
    case .inRoot(let folder):
      guard movieExtension > 0 else { return nil }
      let name = idPart.utf8
      let base = name.lastIndex(of: UInt8(ascii: ".")).map { idPart[..<$0] } ?? idPart[...]
      return folder.id(of: base + "." + Self.movieExtensions[Int(movieExtension) - 1])
    case .inRootWithMovie(let paired): return paired.movie
    case .explicit: return nil
    }
  }

  /// Makes this the file `name` of `folder`, with the Live Photo movie of id `movie`: kept as
  /// its extension when it is beside the file under the file's base name with one of
  /// ``movieExtensions`` (as a Live Photo's nearly always is), else by id.
  private mutating func place(_ name: String, in folder: AssetFolder, movie: String?) {
    idPart = name
    movieExtension = 0
    guard let movie else {
      location = .inRoot(folder)
      return
    }
    if let code = Self.movieExtension(of: movie, beside: name, in: folder) {
      movieExtension = code
      location = .inRoot(folder)
    } else {
      location = .inRootWithMovie(PairedMovie(folder: folder, movie: movie))
    }
  }

  /// ``movieExtension`` for the movie `movie` of the file `name` in `folder`, or nil when it
  /// is not beside it under its base name with a known extension.
  private static func movieExtension(
    of movie: String, beside name: String, in folder: AssetFolder
  ) -> UInt8? {
    var movie = movie
    var name = name
    return movie.withUTF8 { movie in
      name.withUTF8 { name -> UInt8? in
        let period = UInt8(ascii: ".")
        let base = name.lastIndex(of: period) ?? name.count
        let prefix = folder.prefixBytes.count
        guard movie.count > prefix + base + 1, movie[prefix + base] == period,
          folder.hasPrefix(UnsafeBufferPointer(rebasing: movie[..<prefix])),
          movie[prefix..<(prefix + base)].elementsEqual(name[..<base])
        else { return nil }
        let ext = movie[(prefix + base + 1)...]
        return movieExtensions.firstIndex { $0.utf8.elementsEqual(ext) }.map { UInt8($0 + 1) }
      }
    }
  }

  /// Gives the asset explicit files (its id whole, as it then keeps it).
  private mutating func locate(_ files: ExplicitFiles) {
    idPart = id
    movieExtension = 0
    location = .explicit(files)
  }

  /// Calls `body` with the UTF-8 bytes of ``id`` in two parts, whose concatenation is the id
  /// (the folder's prefix and the name, or nothing and the whole id), without making it.
  func withIDBytes<Result>(
    _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    var part = idPart
    guard let folder else {
      return try part.withUTF8 { try body(UnsafeBufferPointer(start: nil, count: 0), $0) }
    }
    return try folder.prefixBytes.withUnsafeBufferPointer { prefix in
      try part.withUTF8 { try body(prefix, $0) }
    }
  }

  /// The order of the ids of `lhs` and `rhs` by their UTF-8 bytes (negative, zero or
  /// positive), as ``FolderLibrary/byteOrder(_:_:)`` gives it, comparing only the names of two
  /// assets of one folder.
  static func idOrder(_ lhs: Asset, _ rhs: Asset) -> Int {
    if let left = lhs.folder, let right = rhs.folder, left === right {
      return FolderLibrary.byteOrder(lhs.idPart, rhs.idPart)
    }
    return FolderLibrary.byteOrder(lhs.id, rhs.id)
  }

  /// Whether ``id`` is `key`'s id, byte for byte, without making it.
  func hasID(_ key: AssetIDKey) -> Bool {
    var other = key.id
    return other.withUTF8 { other in
      withIDBytes { prefix, name in
        prefix.count + name.count == other.count
          && (prefix.isEmpty || memcmp(prefix.baseAddress!, other.baseAddress!, prefix.count) == 0)
          && (name.isEmpty
            || memcmp(name.baseAddress!, other.baseAddress! + prefix.count, name.count) == 0)
      }
    }
  }

  /// Feeds ``id``'s bytes to `hasher` as ``AssetIDKey`` does, without making it.
  func hashID(into hasher: inout Hasher) {
    withIDBytes { prefix, name in
      if !prefix.isEmpty { hasher.combine(bytes: UnsafeRawBufferPointer(prefix)) }
      hasher.combine(bytes: UnsafeRawBufferPointer(name))
    }
  }
}
