import Foundation
import Testing

@testable import PhotoLibrary

/// The listing's lookup by id: every id found at its place, the first of two equal ids kept,
/// ids compared by their bytes, and nothing found that is not listed.
@Suite struct AssetListingTests {
  static func asset(_ id: String) -> Asset {
    Asset(
      id: id, url: URL(fileURLWithPath: "/library/" + id), creationDate: Date(), pixelWidth: 4,
      pixelHeight: 3, album: nil)
  }

  /// In 4-byte slots (a listing of fewer than 2^24 assets) and in 8-byte ones.
  @Test(arguments: [0, 1, 7, 8, 1_000, 20_000], [false, true])
  func everyListedIdIsFoundAtItsPlace(count: Int, wide: Bool) {
    let assets = (0..<count).map { Self.asset("Album\($0 % 10)/IMG_\($0).jpg") }
    let listing = AssetListing(AssetList(assets), wide: wide)
    for (position, asset) in assets.enumerated() {
      #expect(listing.position(of: asset.id) == position)
    }
    #expect(listing.asset("Album1/IMG_\(count).jpg") == nil)
    #expect(listing.asset("") == nil)
    let twice = AssetListing(AssetList(assets + assets), wide: wide)
    #expect(twice.idsAreUnique == (count == 0))
    #expect(assets.indices.allSatisfy { twice.position(of: assets[$0].id) == $0 })
  }

  /// A listing holds a million of them: an asset takes 72 bytes, a name of over 15 bytes apart
  /// (128 while it stored its album, which a folder library's id already names, and kept its
  /// sizes and traits in 8 bytes each; 96 while it kept its Live Photo's movie as a string; 80
  /// while its subtypes took 8 bytes and its traits and flags a byte each).
  @Test func anAssetTakes72Bytes() {
    #expect(MemoryLayout<Asset>.stride == 72)
  }

  /// The traits and the two flags share a byte: each is set and read on its own.
  @Test(
    arguments: [
      ([], false, false), ([.frontCamera], true, false), ([.animated], false, true),
      ([.frontCamera, .animated], true, true),
    ] as [(AssetTraits, Bool, Bool)])
  func traitsAndFlagsAreKeptApart(traits: AssetTraits, favorite: Bool, hidden: Bool) {
    var asset = Asset(
      id: "a.jpg", url: URL(fileURLWithPath: "/library/a.jpg"), creationDate: Date(),
      pixelWidth: 4, pixelHeight: 3, album: nil, mediaSubtypes: [.photoLive, .videoTimelapse],
      isFavorite: favorite, isHidden: hidden, traits: traits)
    #expect(asset.traits == traits && asset.isFavorite == favorite && asset.isHidden == hidden)
    asset.traits = [.frontCamera, .animated]
    #expect(asset.isFavorite == favorite && asset.isHidden == hidden)
    asset.isFavorite.toggle()
    asset.isHidden.toggle()
    asset.traits = traits
    #expect(asset.traits == traits && asset.isFavorite != favorite && asset.isHidden != hidden)
    #expect(asset.mediaSubtypes == [.photoLive, .videoTimelapse])
  }

  /// The album a folder library's asset is in is the first folder of its id; an asset given
  /// explicitly keeps the one it was given, and so does one whose album is set by hand.
  @Test func anAssetsAlbumIsTheFirstFolderOfItsIDUnlessGiven() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("Trips/2024/a.jpg")
    try tree.file("b.jpg")
    let listed = FolderLibrary(root: tree.root).scan().assets
    #expect(Set(listed.map(\.album)) == ["Trips", nil])
    var given = Asset(
      id: "Trips/c.jpg", url: URL(fileURLWithPath: "/library/Trips/c.jpg"), creationDate: Date(),
      pixelWidth: 4, pixelHeight: 3, album: "Album")
    #expect(given.album == "Album")
    given.album = "Elsewhere"
    #expect(given.album == "Elsewhere" && given.url.lastPathComponent == "c.jpg")
    var moved = try #require(listed.first { $0.id == "b.jpg" })
    moved.album = "Kept"
    #expect(moved.album == "Kept" && moved.path == tree.root.appendingPathComponent("b.jpg").path)
  }

  @Test func ofTwoEqualIdsTheFirstIsKept() {
    var second = Self.asset("a.jpg")
    second.pixelWidth = 99
    let listing = AssetListing([Self.asset("b.jpg"), Self.asset("a.jpg"), second])
    #expect(listing.position(of: "a.jpg") == 1)
    #expect(listing.asset("a.jpg")?.pixelWidth == 4)
  }

  /// "é" precomposed and decomposed are equal Swift strings but different file names.
  @Test func idsAreComparedByTheirBytes() {
    let composed = "caf\u{E9}.jpg"
    let decomposed = "cafe\u{301}.jpg"
    let listing = AssetListing([Self.asset(composed)])
    #expect(listing.position(of: composed) == 0)
    #expect(listing.position(of: decomposed) == nil)
  }
}
