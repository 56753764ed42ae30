import Foundation

/// A smart album of the Photos app: a collection defined by a rule, not by a folder. Mirrors
/// `PHAssetCollectionSubtype`'s smart-album cases (raw values are PhotoKit's) with iOS's
/// English titles.
public enum SmartAlbum: Int, Sendable, Equatable, Hashable, CaseIterable, Codable {
  case panoramas = 201
  case videos = 202
  case favorites = 203
  case timelapses = 204
  case allHidden = 205
  case recentlyAdded = 206
  case slomoVideos = 208
  case userLibrary = 209
  case selfPortraits = 210
  case screenshots = 211
  case livePhotos = 213
  case animated = 214

  /// The order the Photos app lists them in.
  public static let displayOrder: [SmartAlbum] = [
    .userLibrary, .favorites, .recentlyAdded, .videos, .selfPortraits, .livePhotos,
    .panoramas, .timelapses, .slomoVideos, .screenshots, .animated, .allHidden,
  ]

  /// How long an asset stays in Recently Added.
  public static let recentlyAddedPeriod: TimeInterval = 30 * 24 * 60 * 60

  /// iOS's English title ("Recents").
  public var title: String {
    switch self {
    case .userLibrary: "Recents"
    case .favorites: "Favorites"
    case .videos: "Videos"
    case .livePhotos: "Live Photos"
    case .screenshots: "Screenshots"
    case .panoramas: "Panoramas"
    case .selfPortraits: "Selfies"
    case .animated: "Animated"
    case .recentlyAdded: "Recently Added"
    case .allHidden: "Hidden"
    case .timelapses: "Time-lapse"
    case .slomoVideos: "Slo-mo"
    }
  }

  /// PhotoKit's case name ("smartAlbumUserLibrary").
  public var subtypeName: String {
    switch self {
    case .userLibrary: "smartAlbumUserLibrary"
    case .favorites: "smartAlbumFavorites"
    case .videos: "smartAlbumVideos"
    case .livePhotos: "smartAlbumLivePhotos"
    case .screenshots: "smartAlbumScreenshots"
    case .panoramas: "smartAlbumPanoramas"
    case .selfPortraits: "smartAlbumSelfPortraits"
    case .animated: "smartAlbumAnimated"
    case .recentlyAdded: "smartAlbumRecentlyAdded"
    case .allHidden: "smartAlbumAllHidden"
    case .timelapses: "smartAlbumTimelapses"
    case .slomoVideos: "smartAlbumSlomoVideos"
    }
  }

  /// The smart album a name denotes: its title ("Live Photos", any case), its subtype name
  /// ("smartAlbumLivePhotos"), the name without the prefix ("livePhotos") or the raw value.
  public init?(name: String) {
    let folded = name.lowercased()
    let match = Self.allCases.first { album in
      [
        album.title.lowercased(), album.subtypeName.lowercased(),
        String(album.subtypeName.dropFirst("smartAlbum".count)).lowercased(),
        String(album.rawValue),
      ].contains(folded)
    }
    guard let match else { return nil }
    self = match
  }

  /// Whether `asset` belongs here (`now` dates Recently Added). Hidden assets belong only
  /// to Hidden, as in Photos.
  public func contains(_ asset: Asset, now: Date) -> Bool {
    contains(MemberFacts(asset), now: now)
  }

  /// What the rule of every smart album reads of an asset: its stored flags and kinds, so
  /// that a pass over a million assets reads them in place instead of copying each asset.
  struct MemberFacts {
    var isHidden: Bool
    var isFavorite: Bool
    var mediaType: MediaType
    var mediaSubtypes: MediaSubtypes
    var traits: AssetTraits
    var addedDate: Date

    init(_ asset: UnsafePointer<Asset>) {
      isHidden = asset.pointee.isHidden
      isFavorite = asset.pointee.isFavorite
      mediaType = asset.pointee.mediaType
      mediaSubtypes = asset.pointee.mediaSubtypes
      traits = asset.pointee.traits
      addedDate = asset.pointee.addedDate
    }

    init(_ asset: Asset) {
      self = withUnsafePointer(to: asset) { MemberFacts($0) }
    }
  }

  /// ``contains(_:now:)`` of an asset's ``MemberFacts``.
  func contains(_ asset: MemberFacts, now: Date) -> Bool {
    if self == .allHidden { return asset.isHidden }
    if asset.isHidden { return false }
    switch self {
    case .userLibrary: return true
    case .favorites: return asset.isFavorite
    case .videos: return asset.mediaType == .video
    case .livePhotos: return asset.mediaSubtypes.contains(.photoLive)
    case .screenshots: return asset.mediaSubtypes.contains(.photoScreenshot)
    case .panoramas: return asset.mediaSubtypes.contains(.photoPanorama)
    case .selfPortraits: return asset.traits.contains(.frontCamera)
    case .animated: return asset.traits.contains(.animated)
    case .recentlyAdded: return now.timeIntervalSince(asset.addedDate) <= Self.recentlyAddedPeriod
    case .timelapses: return asset.mediaSubtypes.contains(.videoTimelapse)
    case .slomoVideos: return asset.mediaSubtypes.contains(.videoHighFrameRate)
    case .allHidden: return asset.isHidden
    }
  }

  /// The members of `assets`, in the album's order: creation date, newest first, except
  /// Recently Added, which goes by the date the asset was added.
  public func members(of assets: AssetList, now: Date) -> AssetList {
    // The library itself when nothing is hidden: the same list, not a copy of 100,000 assets.
    if self == .userLibrary, !assets.contains(where: \.isHidden) { return assets }
    let members = assets.filter { contains($0, now: now) }
    guard self == .recentlyAdded else { return AssetList(members) }
    return AssetList(Self.inOrderOfAddition(members))
  }

  /// How many of `assets` (newest first) each of `albums` holds, and its key photo by
  /// `AssetCollection.keyAsset(of:newestFirst:)`'s rule (the first in the album's order;
  /// Recently Added orders by the date an asset was added), in one pass over `assets`.
  public static func countsAndKeys(
    of albums: [SmartAlbum], in assets: AssetList, now: Date
  ) -> [(count: Int, key: String?)] {
    var counts = [Int](repeating: 0, count: albums.count)
    var keys = [Int?](repeating: nil, count: albums.count)
    // Each album's key's date added (Recently Added's key is the last added).
    var keyDates = [Date](repeating: .distantPast, count: albums.count)
    // Read in place: an asset is looked at, never copied (a million copies of a million
    // assets' ids and locations were most of the time).
    assets.withPieces { piece, start in
      guard let first = piece.baseAddress else { return true }
      for offset in piece.indices {
        let asset = MemberFacts(first + offset)
        for album in albums.indices where albums[album].contains(asset, now: now) {
          counts[album] += 1
          if keys[album] != nil,
            albums[album] != .recentlyAdded || asset.addedDate <= keyDates[album]
          {
            continue
          }
          keys[album] = start + offset
          keyDates[album] = asset.addedDate
        }
      }
      return true
    }
    return zip(counts, keys).map { count, key in (count, key.map { assets[$0].id }) }
  }

  /// `members` (in listing order) in Recently Added's order: the last added first, assets
  /// added at the same moment in listing order.
  static func inOrderOfAddition(_ members: [Asset]) -> [Asset] {
    orderOfAddition(members).map { members[$0] }
  }

  /// The positions of `members` (in listing order) in Recently Added's order (see
  /// ``inOrderOfAddition(_:)``): positions are sorted, not the assets, so no copy of them is
  /// made.
  static func orderOfAddition(_ members: [Asset]) -> [Int] {
    members.indices.sorted { lhs, rhs in
      if members[lhs].addedDate != members[rhs].addedDate {
        return members[lhs].addedDate > members[rhs].addedDate
      }
      return lhs < rhs
    }
  }
}
