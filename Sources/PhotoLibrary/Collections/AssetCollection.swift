/// A collection of assets as an app sees it: a smart album or a user album, with how many of
/// its assets the app may see. Mirrors `PHAssetCollection` with `estimatedAssetCount`.
public struct AssetCollection: Sendable, Equatable, Hashable {
  /// Which collection, by value.
  public enum Kind: Sendable, Equatable, Hashable {
    case smartAlbum(SmartAlbum)
    /// A user album, by its path relative to the library root ("Trips/2024").
    case album(String)
  }

  public var kind: Kind
  /// The assets of the collection the app may see, in the collection's order.
  public var assets: AssetList

  public init(kind: Kind, assets: AssetList) {
    self.kind = kind
    self.assets = assets
  }

  /// The title a list shows: "Recents", or the album's path ("Trips/2024"), which names it
  /// on the command line too.
  public var title: String {
    switch kind {
    case .smartAlbum(let album): album.title
    case .album(let name): name
    }
  }

  /// How many assets the app may see.
  public var count: Int { assets.count }

  /// The asset the collection's thumbnail shows, among `members` given newest first: a smart
  /// album's newest, an album's first (its oldest), as the Photos app shows them and
  /// `PHAsset.fetchKeyAssets(in:options:)` returns them without a sort order.
  public static func keyAsset<Member>(of kind: Kind, newestFirst members: [Member]) -> Member? {
    switch kind {
    case .smartAlbum: members.first
    case .album: members.last
    }
  }
}
