/// The albums the app may list, with those its launch created without assets.
extension SimulatedPhone {
  /// `PHCollection.fetchTopLevelUserCollections(with:)`: the library's albums and folders of
  /// albums, plus the albums created empty in this launch (at the top level), by path; only
  /// with full read/write access (`accessDenied` otherwise).
  public func userCollections() throws -> [UserCollection] {
    var tree = try session.userCollections()
    let known = AssetIDSet(tree.map(\.path))
    tree += launch.emptyAlbums.filter { !known.contains($0) }.map(UserCollection.album)
    return tree.sorted { $0.path < $1.path }
  }

  /// `PHAssetCollection.fetchAssetCollections(with: .album, …)`: every album's path (folders'
  /// albums included), plus the albums created empty in this launch, sorted; only with full
  /// read/write access (`accessDenied` otherwise).
  public func albums() throws -> [String] {
    let names = try session.albums()
    let known = AssetIDSet(names)
    return (names + launch.emptyAlbums.filter { !known.contains($0) }).sorted()
  }
}
