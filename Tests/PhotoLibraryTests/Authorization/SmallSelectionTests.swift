import FileSystem
import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// A limited selection much smaller than the library is listed by looking its ids up in the
/// listing: the same assets, in the same order, as filtering every asset gives.
@Suite struct SmallSelectionTests {
  @Test func aSmallSelectionListsAsTheFilterDoes() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    // 40 photos a day apart, some sharing a date, in two folders.
    for index in 0..<40 {
      let day = 1 + index % 27
      try tree.file(
        (index % 2 == 0 ? "a/" : "b/") + "p\(index).jpg",
        FolderFixtures.jpeg(dateTimeOriginal: String(format: "2020:03:%02d 10:00:00", day)))
    }
    let library = FolderLibrary(root: tree.root, index: .none)
    let selected = ["b/p29.jpg", "a/p2.jpg", "a/p0.jpg", "b/p1.jpg"]
    let session = try ReusedNameTests.limitedSession(library, selecting: selected)
    let all = library.scan().assets
    let expected = all.filter { selected.contains($0.id) }.map(\.id)
    #expect(expected.count == 4)
    #expect(try session.fetchAssets().map(\.id) == expected)
    // A selected file replaced by a new one under its name is not the selected asset.
    try FileManager.default.removeItem(at: tree.root.appendingPathComponent("a/p2.jpg"))
    try tree.file("a/p2.jpg", FolderFixtures.jpeg(dateTimeOriginal: "2020:01:01 10:00:00"))
    #expect(try session.fetchAssets().map(\.id) == expected.filter { $0 != "a/p2.jpg" })
  }

  @Test func aListingWithARepeatedIDKeepsTheFirst() {
    func asset(_ id: String, width: Int) -> Asset {
      Asset(
        id: id, url: URL(fileURLWithPath: "/library/" + id),
        creationDate: Date(timeIntervalSince1970: 0), pixelWidth: width, pixelHeight: 1,
        album: nil)
    }
    let first = asset("x.jpg", width: 1)
    let second = asset("x.jpg", width: 2)
    let other = asset("y.jpg", width: 3)
    let listing = AssetListing([first, second, other])
    #expect(!listing.idsAreUnique)
    #expect(listing.position(of: "x.jpg") == 0 && listing.position(of: "y.jpg") == 2)
    #expect(listing.asset("x.jpg")?.pixelWidth == 1)
    #expect(AssetListing([first, other]).idsAreUnique)
  }
}
