import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

#if canImport(Glibc)
  import Glibc
#endif

/// `FolderLibrary.scan()`: what is an asset, ids, albums, sizes, dates and order.
@Suite struct FolderScanTests {
  /// File name → contents → listed? Images are told by magic bytes, never by extension.
  @Test(arguments: [
    ("photo.jpg", FolderFixtures.jpeg4x2, true),
    ("picture.png", FolderFixtures.png3x5, true),
    ("mislabelled.txt", FolderFixtures.jpeg4x2, true),
    ("no-extension", FolderFixtures.png3x5, true),
    ("fake.jpg", Array("not an image".utf8), false),
    ("empty.png", [], false),
    ("two-bytes.jpg", [0xFF, 0xD8], false),
    ("notes.md", Array("# notes".utf8), false),
  ])
  func imagesAreRecognizedByMagicBytes(name: String, bytes: [UInt8], listed: Bool) throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file(name, bytes)
    let scan = FolderLibrary(root: tree.root).scan()
    #expect(scan.assets.map(\.id) == (listed ? [name] : []))
    #expect(scan.problems.isEmpty, "\(scan.problems)")
  }

  /// SampleImages/, sizes from ImageMagick's `identify` (the cat's EXIF orientation 6 swaps
  /// its 300×451 stored size).
  @Test func sampleImagesAreListedWithTheirOrientedSizes() throws {
    let expected: [String: (Int, Int)] = [
      "chelsea-the-cat-exif-orientation-6.jpg": (451, 300),
      "coffee-cup-progressive.jpg": (600, 400),
      "grace-hopper-1984.jpg": (512, 600),
      "hubble-extreme-deep-field.jpg": (1000, 872),
      "retina-fundus.jpg": (1411, 1411),
      "summer-palace-beijing.jpg": (640, 427),
      "astronaut-eileen-collins.png": (512, 512),
      "chelsea-the-cat.png": (451, 300),
      "coffee-cup-cutout-rgba.png": (397, 370),
      "handwritten-notes.png": (448, 172),
      "horse-silhouette-palette-trns.png": (400, 328),
      "photographer-grayscale.png": (512, 512),
    ]
    let scan = FolderLibrary(root: TestPaths.sampleImages).scan()
    #expect(scan.problems.isEmpty, "\(scan.problems)")
    #expect(Set(scan.assets.map(\.id)) == Set(expected.keys))  // CREDITS.md is not an image.
    for asset in scan.assets {
      let size = try #require(expected[asset.id])
      #expect((asset.pixelWidth, asset.pixelHeight) == size, "\(asset.id)")
      #expect(asset.album == nil)
    }
  }

  @Test func hiddenFilesAndFoldersAreSkippedSilently() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("visible.jpg")
    try tree.file(".hidden.jpg")
    try tree.file(".thumbnails/a.jpg")
    try tree.file("Trips/.DS_Store.png", FolderFixtures.png3x5)
    try tree.file(".Trash/Old/b.jpg")
    let scan = FolderLibrary(root: tree.root).scan()
    #expect(scan.assets.map(\.id) == ["visible.jpg"])
    #expect(scan.albums.isEmpty)
    #expect(scan.problems.isEmpty)
  }

  @Test func assetsCarryTheirIDURLSizeAndAlbum() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("root.png", FolderFixtures.png3x5, mtime: instant(300))
    try tree.file("Trips/beach.jpg", FolderFixtures.jpeg4x2, mtime: instant(200))
    try tree.file("Trips/2024/Rome/forum.jpg", mtime: instant(100))
    let scan = FolderLibrary(root: tree.root).scan()
    #expect(scan.assets.allSatisfy { $0.fileIdentity != nil })
    #expect(
      scan.assets.map { asset in
        var asset = asset
        asset.fileIdentity = nil
        return asset
      } == [
        Asset(
          id: "root.png", url: tree.root.appendingPathComponent("root.png"),
          creationDate: instant(300), pixelWidth: 3, pixelHeight: 5, album: nil),
        Asset(
          id: "Trips/beach.jpg", url: tree.root.appendingPathComponent("Trips/beach.jpg"),
          creationDate: instant(200), pixelWidth: 4, pixelHeight: 2, album: "Trips"),
        Asset(
          id: "Trips/2024/Rome/forum.jpg",
          url: tree.root.appendingPathComponent("Trips/2024/Rome/forum.jpg"),
          creationDate: instant(100), pixelWidth: 4, pixelHeight: 2, album: "Trips"),
      ])
    #expect(scan.problems.isEmpty)
  }

  @Test func albumsAreFoldersHoldingImagesAndFoldersOfOnlyFoldersAreNot() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("root.jpg")
    try tree.file("Trips/a.jpg")
    try tree.file("Trips/2024/b.jpg")
    try tree.file("Pets/c.png", FolderFixtures.png3x5)
    try tree.file("Deep/Only/d.jpg")
    try tree.file("Documents/readme.txt", Array("text".utf8))
    try tree.folder("Empty")
    let library = FolderLibrary(root: tree.root)
    // "Deep" holds only a folder: a folder of albums, not an album; "Trips" holds a photo,
    // so it is an album of everything below it.
    #expect(library.albums() == ["Deep/Only", "Pets", "Trips"])
    #expect(Set(library.assets(inAlbum: "Trips").map(\.id)) == ["Trips/a.jpg", "Trips/2024/b.jpg"])
    #expect(library.assets(inAlbum: nil).map(\.id) == ["root.jpg"])
    #expect(library.assets(inAlbum: "Documents").isEmpty)
  }

  @Test func exifOrientationSwapsTheReportedSize() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("rotated.jpg", FolderFixtures.jpeg(orientation: 6))
    let asset = try #require(FolderLibrary(root: tree.root).scan().assets.first)
    #expect((asset.pixelWidth, asset.pixelHeight) == (2, 4))
  }

  /// Each row: a file, its EXIF DateTimeOriginal (or none), its mtime. Expected: newest first
  /// by EXIF date when present, else mtime; equal dates in id order.
  @Test func ordersNewestFirstByEXIFDateElseMtimeThenByID() throws {
    let utc = TimeZone(identifier: "UTC")!
    let rows: [(id: String, exif: String?, mtime: Date)] = [
      ("old-exif-new-mtime.jpg", "2019:06:01 12:00:00", instant(9_000_000)),
      ("new-exif-old-mtime.jpg", "2020:02:01 00:00:00", instant(0)),
      ("mtime-only.png", nil, instant(100)),
      ("tie-b.jpg", nil, instant(50)),
      ("tie-a.jpg", nil, instant(50)),
      ("unset-clock.jpg", "0000:00:00 00:00:00", instant(75)),
      ("Album/exif-tie.jpg", "2020:01:01 00:00:50", instant(1)),
    ]
    let tree = try LibraryTree()
    defer { tree.remove() }
    for row in rows {
      let bytes =
        row.id.hasSuffix(".png")
        ? FolderFixtures.png3x5 : FolderFixtures.jpeg(dateTimeOriginal: row.exif)
      try tree.file(row.id, bytes, mtime: row.mtime)
    }
    let scan = FolderLibrary(root: tree.root, timeZone: utc).scan()
    #expect(
      scan.assets.map(\.id) == [
        "new-exif-old-mtime.jpg",  // 2020-02-01 (EXIF)
        "mtime-only.png",  // 2020-01-01 00:01:40 (mtime)
        "unset-clock.jpg",  // 00:01:15 (invalid EXIF → mtime)
        "Album/exif-tie.jpg",  // 00:00:50 (EXIF), before the two mtime ties by id
        "tie-a.jpg", "tie-b.jpg",  // 00:00:50 (mtime)
        "old-exif-new-mtime.jpg",  // 2019-06-01 (EXIF beats its newer mtime)
      ])
    #expect(scan.assets.first?.creationDate == instant(31 * 86_400))
  }

  @Test func exifDatesAreReadInTheLibrarysTimeZone() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("a.jpg", FolderFixtures.jpeg(dateTimeOriginal: "2020:01:01 02:00:00"))
    let paris = TimeZone(identifier: "Europe/Paris")!
    let asset = try #require(FolderLibrary(root: tree.root, timeZone: paris).scan().assets.first)
    #expect(asset.creationDate == instant(3600))  // 02:00 in Paris (UTC+1) is 01:00Z
  }

  @Test(
    arguments: [
      ("2021:03:04 05:06:07", "2021-03-04T05:06:07Z"),
      ("2021-03-04 05:06:07", "2021-03-04T05:06:07Z"),
      ("2021:03:04T05:06:07", "2021-03-04T05:06:07Z"),
      ("2021:03:04 05:06:07\0", "2021-03-04T05:06:07Z"),
      ("0000:00:00 00:00:00", nil),
      ("2021:02:30 00:00:00", nil),
      ("2021:13:01 00:00:00", nil),
      ("2021:03:04 24:00:00", nil),
      ("    :  :     :  :  ", nil),
      ("2021:03:04", nil),
      ("garbage", nil),
    ] as [(String, String?)])
  func exifDateParsing(text: String, expected: String?) {
    let parsed = EXIFDate.parse(text, timeZone: TimeZone(identifier: "UTC")!)
    #expect(parsed == expected.flatMap { ISO8601DateFormatter().date(from: $0) })
  }

  @Test func aCorruptImageIsListedWithoutSizeAndReported() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("good.jpg", mtime: instant(10))
    try tree.file("Trips/broken.jpg", FolderFixtures.corruptJPEG, mtime: instant(20))
    let scan = FolderLibrary(root: tree.root).scan()
    #expect(scan.assets.map(\.id) == ["Trips/broken.jpg", "good.jpg"])
    #expect((scan.assets[0].pixelWidth, scan.assets[0].pixelHeight) == (0, 0))
    #expect(scan.assets[0].creationDate == instant(20))
    #expect(scan.problems.map(\.path) == ["Trips/broken.jpg"])
    let problem = try #require(scan.problems.first)
    #expect(problem.reason.hasPrefix("the image header cannot be read"))
    #expect(
      problem.description.hasPrefix(tree.root.appendingPathComponent("Trips/broken.jpg").path))
  }

  @Test func aMissingLibraryFolderIsReportedNotFatal() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID())")
    let scan = FolderLibrary(root: root).scan()
    #expect(scan.assets.isEmpty)
    #expect(scan.problems.map(\.path) == ["."])
    #expect(scan.problems.first?.reason.contains("No such file or directory") == true)
    let error = try #require(scan.rootError)
    #expect(error.code == .io && error.path == root.path)
  }

  @Test func aFileAsTheLibraryFolderIsReported() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let file = try tree.file("photo.jpg")
    let scan = FolderLibrary(root: file).scan()
    #expect(scan.assets.isEmpty)
    #expect(scan.problems.first?.reason.contains("Not a directory") == true)
  }

  @Test func aFIFOIsNeverOpened() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("photo.jpg")
    #expect(mkfifo(tree.root.appendingPathComponent("pipe.jpg").path, 0o644) == 0)
    let scan = FolderLibrary(root: tree.root).scan()  // Would block forever if it read the FIFO.
    #expect(scan.assets.map(\.id) == ["photo.jpg"])
  }

  /// As root, chmod 000 does not stop reading (CAP_DAC_OVERRIDE), so this test runs only for
  /// other users; the reporting path is also covered by `aCorruptImageIsListed…`, the symlink
  /// tests and `aMissingLibraryFolderIsReportedNotFatal`.
  @Test(.enabled(if: geteuid() != 0, "root reads folders whatever their mode"))
  func anUnreadableFolderAndFileAreReportedAndTheRestIsListed() throws {
    let tree = try LibraryTree()
    defer {
      chmod(tree.root.appendingPathComponent("Locked").path, 0o755)
      tree.remove()
    }
    try tree.file("ok.jpg")
    try tree.file("Locked/secret.jpg")
    let unreadable = try tree.file("unreadable.jpg")
    chmod(unreadable.path, 0)
    chmod(tree.root.appendingPathComponent("Locked").path, 0)
    let scan = FolderLibrary(root: tree.root).scan()
    #expect(scan.assets.map(\.id) == ["ok.jpg"])
    #expect(Set(scan.problems.map(\.path)) == ["Locked", "unreadable.jpg"])
    #expect(scan.problems.allSatisfy { $0.reason.contains("Permission denied") })
    #expect(scan.skippedSummary == "2 skipped: 2 unreadable")
  }
}
