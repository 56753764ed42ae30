import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// Each collection streamed from the index holds what the collection of a whole listing holds,
/// in its order: every smart album (Recently Added in the order files were added) and every
/// album, with full and with limited access.
@Suite struct CollectionStreamTests {
  @Test(arguments: [false, true])
  func everyCollectionStreamsAsAWholeListingHoldsIt(limited: Bool) throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    try IndexedListingTests.mixedLibrary(fixture.tree)
    // Recently Added: two files added at the same moment a day ago (listing order between
    // them), one a week ago, one before the album's 30 days.
    let now = Date()
    let day = FolderFixtures.jpeg(dateTimeOriginal: "2020:01:01 10:00:00")
    try fixture.tree.file("Recent/tie-b.jpg", day, mtime: now.addingTimeInterval(-86_400))
    try fixture.tree.file("Recent/tie-a.jpg", day, mtime: now.addingTimeInterval(-86_400))
    try fixture.tree.file("Recent/week.jpg", mtime: now.addingTimeInterval(-7 * 86_400))
    try fixture.tree.file("Recent/old.jpg", mtime: now.addingTimeInterval(-40 * 86_400))
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: limited ? .photosLimited : .photos)
    if limited {
      state.limitedSelection = [
        "Recent/tie-a.jpg", "Recent/week.jpg", "Trips/a.jpg", "Live/IMG_0001.JPG",
      ]
    }
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest, backend: fixture.library,
      store: MemoryAuthorizationStore(["com.example.app": state]))
    let listing = try #require(IndexedListing.refresh(fixture.library, settledBefore: .max))
    var kinds = SmartAlbum.displayOrder.map(AssetCollection.Kind.smartAlbum)
    if !limited { kinds += ["Trips", "Live", "Recent"].map(AssetCollection.Kind.album) }
    for kind in kinds {
      var streamed: [String] = []
      try session.forEachAsset(in: listing, collection: kind, now: now) {
        streamed.append($0.id)
        return true
      }
      let whole = try session.collection(kind, now: now).assets.map(\.id)
      #expect(streamed == whole, "\(kind)")
    }
    // Recently Added by when each was added, a tie in listing order (by id, as their dates
    // are equal), nothing from before its 30 days; and the stream stops where it is told to.
    var recent: [String] = []
    try session.forEachAsset(in: listing, collection: .smartAlbum(.recentlyAdded), now: now) {
      recent.append($0.id)
      return true
    }
    let expected =
      limited
      ? ["Recent/tie-a.jpg", "Recent/week.jpg"]
      : ["Recent/tie-a.jpg", "Recent/tie-b.jpg", "Recent/week.jpg"]
    #expect(Array(recent.suffix(expected.count)) == expected)
    #expect(!recent.contains("Recent/old.jpg") && !recent.contains("root-old.jpg"))
    var first: [String] = []
    try session.forEachAsset(in: listing, collection: .smartAlbum(.recentlyAdded), now: now) {
      first.append($0.id)
      return false
    }
    #expect(first == Array(recent.prefix(1)))
  }
}
