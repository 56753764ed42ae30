import Testing

@testable import TerminalUI

/// A tile's label elides its middle, so photos in one folder keep different labels.
@Suite struct TileLabelTests {
  @Test(arguments: [
    ("Trips/2019/IMG_0001.jpg", 40, "Trips/2019/IMG_0001.jpg"),
    ("Trips/2019/IMG_0001.jpg", 23, "Trips/2019/IMG_0001.jpg"),
    ("Trips/2019/IMG_0001.jpg", 22, "Trips/201…IMG_0001.jpg"),
    ("Trips/2019/IMG_0001.jpg", 19, "Trips/…IMG_0001.jpg"),
    ("Trips/2019/IMG_0001.jpg", 14, "T…IMG_0001.jpg"),
    ("Trips/2019/IMG_0001.jpg", 13, "IMG_0001.jpg"),
    ("Trips/2019/IMG_0001.jpg", 12, "IMG_0001.jpg"),
    ("Trips/2019/IMG_0001.jpg", 10, "IMG_…1.jpg"),
    ("Trips/2019/IMG_0001.jpg", 8, "IM…1.jpg"),
    ("Trips/2019/IMG_0001.jpg", 6, "…1.jpg"),
    ("Trips/2019/IMG_0001.jpg", 1, "…"),
    ("Trips/2019/IMG_0001.jpg", 0, ""),
    ("IMG_0001.jpg", 12, "IMG_0001.jpg"),
    ("IMG_0001.jpg", 9, "IMG…1.jpg"),
    ("a-long-name-without-extension", 10, "a-lo…nsion"),
    ("Ünïcödé/Fotø 2.heic", 16, "Ünïc…Fotø 2.heic"),
  ])
  func fitsTheWidth(name: String, width: Int, expected: String) {
    let label = GalleryView.TileLabel.fitted(name, width: width)
    #expect(label == expected)
    #expect(label.count <= max(0, width))
  }

  @Test(arguments: [
    ("Trips/2019/IMG_0001.jpg", "Trips/2019/IMG_0002.jpg"),
    ("Trips/2019/Summer holiday/DSC_1234.JPG", "Trips/2019/Summer holiday/DSC_1235.JPG"),
    ("a/b/c/d/e/f/g/photo-a.png", "a/b/c/d/e/f/g/photo-b.png"),
  ])
  func namesDifferingOnlyAtTheEndStayDifferent(first: String, second: String) {
    for width in 6...first.count {
      #expect(
        GalleryView.TileLabel.fitted(first, width: width)
          != GalleryView.TileLabel.fitted(second, width: width), "width \(width)")
    }
  }
}

extension TileLabelTests {
  /// The grid of photos in one deep folder: each tile ends with its own file name.
  @Test(arguments: [60, 80, 120])
  func tilesOfOneFolderShowTheirOwnNames(columns: Int) throws {
    let harness = try GalleryHarness(
      size: TerminalSize(columns: columns, rows: 40),
      ids: (1...4).map { "Trips/2019/Summer/IMG_000\($0).jpg" }
    ) { $0.apply(.grant, to: .photos) }
    let screen = harness.screen.text
    for number in 1...4 {
      #expect(screen.contains("IMG_000\(number).jpg"), "\(screen)")
    }
  }
}
