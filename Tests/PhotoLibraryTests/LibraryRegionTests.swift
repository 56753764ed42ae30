import Testing

@testable import PhotoLibrary

/// Which ids a region of a look holds: a folder's own files, or everything below it; folder
/// names compared by their bytes.
@Suite struct LibraryRegionTests {
  static let cases: [(folder: String, subfolders: Bool, id: String, holds: Bool)] = [
    ("", false, "a.jpg", true),
    ("", false, "Trips/a.jpg", false),
    ("", true, "Trips/Rome/a.jpg", true),
    ("Trips", false, "Trips", true),
    ("Trips", false, "Trips/a.jpg", true),
    ("Trips", false, "Trips/Rome/a.jpg", false),
    ("Trips", true, "Trips/Rome/a.jpg", true),
    ("Trips", true, "TripsOld/a.jpg", false),
    ("Trips", true, "TripsOld/Rome/a.jpg", false),
    ("Trips", true, "a.jpg", false),
    ("Trips/Rome", true, "Trips/a.jpg", false),
    ("Trips/Rome", false, "Trips/Rome/a.jpg", true),
    ("caf\u{E9}", false, "caf\u{E9}/a.jpg", true),
    ("caf\u{E9}", false, "cafe\u{301}/a.jpg", false),
    ("caf\u{E9}", true, "cafe\u{301}/x/a.jpg", false),
  ]

  @Test(arguments: cases)
  func holds(_ example: (folder: String, subfolders: Bool, id: String, holds: Bool)) {
    let region = LibraryRegion(folder: example.folder, includesSubfolders: example.subfolders)
    #expect(region.contains(example.id) == example.holds)
  }
}
