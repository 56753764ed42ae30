import Foundation
import Testing

@testable import PhotoLibrary

/// An asset of a folder library keeps its folder (one object per folder) and its name, not
/// its id: the id, album, paths, Live Photo movie, order, hash and lookup it gives are those
/// of the whole id, byte for byte.
@Suite struct AssetIDStorageTests {
  static let root = AssetRoot(url: URL(fileURLWithPath: "/library"))
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  static func asset(_ id: String, movie: String? = nil, root: AssetRoot = root) -> Asset {
    Asset(
      id: id, root: root, pairedVideo: movie, creationDate: Date(timeIntervalSinceReferenceDate: 0),
      pixelWidth: 4, pixelHeight: 3, mediaType: .image,
      mediaSubtypes: movie == nil ? [] : .photoLive, duration: 0,
      addedDate: Date(timeIntervalSinceReferenceDate: 0), traits: [], fileIdentity: nil)
  }

  static let ids = [
    "a.jpg", "IMG_0001.HEIC", "a_name_longer_than_fifteen_bytes.jpg", "Trips/beach.jpg",
    "Trips/2024/b.jpg", "DCIM/100APPLE/IMG_0001.HEIC", "\(composed)/x.jpg", "\(decomposed)/x.jpg",
    "Trips/\(composed).jpg", "Trips/\(decomposed).jpg", "Trips/", "Album/.hidden",
  ]

  @Test(arguments: ids)
  func anAssetGivesItsWholeIDAlbumAndPath(id: String) {
    let asset = Self.asset(id)
    #expect(Array(asset.id.utf8) == Array(id.utf8))
    let album = id.utf8.firstIndex(of: UInt8(ascii: "/")).map { Array(id.utf8[..<$0]) }
    #expect(asset.album.map { Array($0.utf8) } == album)
    #expect(asset.path == "/library/" + id)
    #expect(asset.url == URL(fileURLWithPath: "/library").appendingPathComponent(id))
  }

  /// A root holds its folders and a folder only the root's place: nothing is held in a cycle,
  /// the root goes with its last holder, and its assets outlive it.
  @Test func aRootAndItsFoldersAreHeldInNoCycle() {
    weak var root: AssetRoot?
    weak var folder: AssetFolder?
    var kept: Asset?
    do {
      let held = AssetRoot(url: URL(fileURLWithPath: "/library"))
      let assets = [Self.asset("Trips/a.jpg", root: held), Self.asset("Trips/b.jpg", root: held)]
      root = held
      folder = held.folder(holding: "Trips/c.jpg").folder
      kept = assets[0]
    }
    #expect(root == nil)
    #expect(folder != nil && kept?.path == "/library/Trips/a.jpg")
    kept = nil
    #expect(folder == nil)
  }

  @Test func pathsBelowTheFileSystemsRootHaveOneSlash() {
    let root = AssetRoot(url: URL(fileURLWithPath: "/"))
    #expect(Self.asset("a/b.jpg", root: root).path == "/a/b.jpg")
    #expect(Self.asset("c.jpg", root: root).path == "/c.jpg")
  }

  @Test func theAssetsOfOneFolderShareItsObjectAndSpellingsAreTwoFolders() {
    let root = AssetRoot(url: URL(fileURLWithPath: "/library"))
    let first = root.folder(holding: "Trips/a.jpg")
    let elsewhere = root.folder(holding: "Other/c.jpg")
    let again = root.folder(holding: "Trips/b.jpg")
    #expect(first.folder === again.folder && first.folder !== elsewhere.folder)
    #expect(first.name == "a.jpg" && again.name == "b.jpg")
    let composed = root.folder(holding: "\(Self.composed)/a.jpg").folder
    let decomposed = root.folder(holding: "\(Self.decomposed)/a.jpg").folder
    #expect(composed !== decomposed)
    #expect(Array(decomposed.prefix.utf8) == Array("\(Self.decomposed)/".utf8))
  }

  /// A listing's lookup hashes the two parts in place: the hash must be the whole id's.
  @Test(arguments: ids)
  func theHashReadInPlaceIsTheWholeIDs(id: String) {
    var hasher = Hasher()
    Self.asset(id).hashID(into: &hasher)
    #expect(hasher.finalize() == AssetIDKey(id).hashValue)
    #expect(Self.asset(id).hasID(AssetIDKey(id)))
    #expect(!Self.asset(id).hasID(AssetIDKey(id + "x")))
    #expect(!Self.asset(id).hasID(AssetIDKey(String(id.dropFirst()))))
  }

  /// Assets are equal when their ids' bytes are: two spellings of "é" are two assets, and the
  /// same file listed through two roots of one folder is one.
  @Test func equalAssetsHaveEqualIDBytesAndHashes() {
    let other = AssetRoot(url: URL(fileURLWithPath: "/library"))
    let composed = Self.asset("Trips/\(Self.composed).jpg")
    let decomposed = Self.asset("Trips/\(Self.decomposed).jpg")
    #expect(composed != decomposed)
    #expect(Set([composed, decomposed, Self.asset("Trips/\(Self.composed).jpg")]).count == 2)
    let again = Self.asset("Trips/\(Self.composed).jpg", root: other)
    #expect(composed == again && composed.hashValue == again.hashValue)
  }

  @Test func theOrderOfIDsIsTheirBytesWithinAndAcrossFolders() {
    let other = AssetRoot(url: URL(fileURLWithPath: "/library"))
    let assets =
      Self.ids.map { Self.asset($0) } + Self.ids.map { Self.asset($0, root: other) }
      + Self.ids.map(AssetListingTests.asset)
    for lhs in assets {
      for rhs in assets {
        #expect(Asset.idOrder(lhs, rhs) == FolderLibrary.byteOrder(lhs.id, rhs.id))
      }
    }
    let listing = AssetListing(AssetList(Self.ids.map { Self.asset($0) }))
    for (position, id) in Self.ids.enumerated() {
      #expect(listing.position(of: id) == position)
    }
    #expect(listing.position(of: "Trips/\(Self.composed).JPG") == nil)
  }

  /// A movie beside its still under its base name is kept as its extension's code, any other
  /// by id: each comes back whole, and survives a move and an album set by hand.
  @Test(arguments: [
    ("DCIM/IMG_1.HEIC", "DCIM/IMG_1.MOV", true), ("DCIM/IMG_1.HEIC", "DCIM/IMG_1.mp4", true),
    ("DCIM/IMG_1.HEIC", "DCIM/img_1.mov", false), ("DCIM/IMG_1.HEIC", "DCIM/IMG_1.avi", false),
    ("DCIM/IMG_1.HEIC", "DCIM/IMG_1.HEIC.MOV", false), ("DCIM/IMG_1", "DCIM/IMG_1.MOV", true),
    ("DCIM/IMG_1.HEIC", "DCIM/IMG_1.MOVX", false), ("DCIM/IMG_1.HEIC", "DCIM/IMG_1.", false),
    ("DCIM/IMG_1.HEIC", "IMG_1.MOV", false), ("IMG_1.HEIC", "IMG_1.qt", true),
    ("a.b.jpg", "a.b.MOV", true), ("DCIM/IMG_1.HEIC", "DCIM2/IMG_1.MOV", false),
  ])
  func aLivePhotosMovieComesBackWhole(still: String, movie: String, isBeside: Bool) {
    var asset = Self.asset(still, movie: movie)
    #expect(asset.pairedVideo?.path == movie)
    #expect(asset.keepsMovieByExtension == isBeside)
    #expect(asset.resourcePaths.map(\.path) == ["/library/" + still, "/library/" + movie])
    asset.id = "Moved/" + still
    #expect(asset.pairedVideo?.path == movie && asset.id == "Moved/" + still)
    asset.album = "Kept"
    #expect(asset.pairedVideo?.path == movie && asset.id == "Moved/" + still)
  }

  @Test func aLivePhotosMovieInItsFolderOrAnotherIsFound() throws {
    let near = Self.asset("DCIM/IMG_1.HEIC", movie: "DCIM/IMG_1.MOV")
    let far = Self.asset("DCIM/IMG_2.HEIC", movie: "Movies/2024/IMG_2.MOV")
    let atRoot = Self.asset("DCIM/IMG_3.HEIC", movie: "IMG_3.MOV")
    #expect(near.pairedVideo?.path == "DCIM/IMG_1.MOV")
    #expect(far.pairedVideo?.path == "Movies/2024/IMG_2.MOV")
    #expect(atRoot.pairedVideo?.path == "IMG_3.MOV")
    #expect(atRoot.resourcePaths.map(\.path) == ["/library/DCIM/IMG_3.HEIC", "/library/IMG_3.MOV"])
    #expect(Self.asset("IMG_4.HEIC", movie: "IMG_4.MOV").pairedVideo?.path == "IMG_4.MOV")
    #expect(near != Self.asset("DCIM/IMG_1.HEIC", movie: "Other/IMG_1.MOV"))
    #expect(near == Self.asset("DCIM/IMG_1.HEIC", movie: "DCIM/IMG_1.MOV"))
  }

  /// An asset given a new id (a file moved) is in the new id's folder, with its movie kept.
  @Test func aNewIDMovesTheAssetToItsFolder() {
    var asset = Self.asset("DCIM/IMG_1.HEIC", movie: "DCIM/IMG_1.MOV")
    asset.id = "Trips/2024/IMG_1.HEIC"
    #expect(asset.id == "Trips/2024/IMG_1.HEIC" && asset.album == "Trips")
    #expect(asset.path == "/library/Trips/2024/IMG_1.HEIC")
    #expect(asset.pairedVideo?.path == "DCIM/IMG_1.MOV")
    asset.id = "top.heic"
    #expect(asset.album == nil && asset.path == "/library/top.heic")
  }
}
