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

  @Test(arguments: [0, 1, 7, 8, 1_000, 20_000])
  func everyListedIdIsFoundAtItsPlace(count: Int) {
    let assets = (0..<count).map { Self.asset("Album\($0 % 10)/IMG_\($0).jpg") }
    let listing = AssetListing(assets)
    for (position, asset) in assets.enumerated() {
      #expect(listing.position(of: asset.id) == position)
    }
    #expect(listing.asset("Album1/IMG_\(count).jpg") == nil)
    #expect(listing.asset("") == nil)
  }

  /// A listing holds a million of them: an asset takes 128 bytes (136 while its two flags
  /// sat apart from its one-byte media type), its id's characters apart.
  @Test func anAssetTakes128Bytes() {
    #expect(MemoryLayout<Asset>.stride == 128)
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
