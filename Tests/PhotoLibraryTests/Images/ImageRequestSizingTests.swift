import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// The sizes `PHImageManager.requestImage` delivers, decided by the library's
/// ``ImageRequestSizing``: content mode × resize mode × delivery × target size × crop → pixel
/// size of each result.
@Suite struct ImageRequestSizingTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var width = 4000
    var height = 3000
    var target: CGSize
    var content: ImageRequestSizing.ContentMode = .aspectFit
    var resize: ImageRequestSizing.ResizeMode = .exact
    var delivery: ImageRequestSizing.Delivery = .highQuality
    var crop: CGRect = .zero
    var stage: ImageRequestSizing.Stage = .final
    /// The pixel size of the result.
    var size: (Int, Int)
    var testDescription: String {
      "\(width)×\(height) \(target) \(content) \(resize) \(delivery) crop \(crop) \(stage)"
    }
  }

  static let maximum = CGSize(width: -1, height: -1)
  static let square = CGSize(width: 200, height: 200)
  static let small = CGSize(width: 100, height: 100)

  static let rows: [Row] = [
    // `.exact` fits (or covers) the target, rounding the long side up.
    Row(target: square, size: (200, 150)),
    Row(target: square, content: .aspectFill, size: (267, 200)),
    Row(
      width: 3000, height: 4000, target: CGSize(width: 300, height: 100), content: .aspectFill,
      size: (300, 400)),
    Row(width: 3000, height: 4000, target: CGSize(width: 300, height: 100), size: (75, 100)),
    // `.fast`: the full size halved up to three times, still at least the exact size.
    Row(target: square, resize: .fast, size: (500, 375)),
    Row(target: CGSize(width: 1500, height: 1500), resize: .fast, size: (2000, 1500)),
    // `.none`, `PHImageManagerMaximumSize`, a target larger than the picture: full size.
    Row(target: square, resize: .none, size: (4000, 3000)),
    Row(target: maximum, size: (4000, 3000)),
    Row(target: CGSize(width: 8000, height: 8000), content: .aspectFill, size: (4000, 3000)),
    Row(target: .zero, resize: .fast, size: (4000, 3000)),
    // `.fastFormat` sizes as `.fast` does, whatever the resize mode.
    Row(target: square, resize: .none, delivery: .fast, size: (500, 375)),
    // The degraded result of `.opportunistic`: a quarter of the final one.
    Row(target: square, delivery: .opportunistic, stage: .degraded, size: (50, 38)),
    Row(
      target: square, resize: .fast, delivery: .opportunistic, stage: .degraded,
      size: (125, 94)),
    Row(target: square, delivery: .opportunistic, size: (200, 150)),
    // With `.exact`, the crop is what fits the target.
    Row(target: small, crop: CGRect(x: 0, y: 0, width: 0.5, height: 0.5), size: (100, 75)),
    Row(target: small, crop: CGRect(x: 0.5, y: 0.5, width: 1, height: 1), size: (100, 75)),
    Row(
      target: small, content: .aspectFill, crop: CGRect(x: 0.25, y: 0, width: 0.25, height: 1),
      size: (100, 300)),
    Row(target: maximum, crop: CGRect(x: 0, y: 0, width: 0.5, height: 0.5), size: (2000, 1500)),
    // The whole picture as crop, or a crop outside it: no crop.
    Row(target: small, crop: CGRect(x: 0, y: 0, width: 1, height: 1), size: (100, 75)),
    Row(target: small, crop: CGRect(x: 2, y: 2, width: 1, height: 1), size: (100, 75)),
    // The crop applies to `.exact` only, and not to the degraded result.
    Row(
      target: small, resize: .fast, crop: CGRect(x: 0, y: 0, width: 0.5, height: 0.5),
      size: (500, 375)),
    Row(
      target: small, delivery: .fast, crop: CGRect(x: 0, y: 0, width: 0.5, height: 0.5),
      size: (500, 375)),
    Row(
      target: small, delivery: .opportunistic, crop: CGRect(x: 0, y: 0, width: 0.5, height: 0.5),
      stage: .degraded, size: (25, 19)),
  ]

  @Test(arguments: rows) func pixelSize(_ row: Row) {
    let sizing = ImageRequestSizing(
      targetSize: row.target, contentMode: row.content, resizeMode: row.resize,
      delivery: row.delivery, cropRect: row.crop)
    let size = sizing.pixelSize(width: row.width, height: row.height, stage: row.stage)
    #expect(size.width == row.size.0 && size.height == row.size.1, "\(size)")
  }

  @Test(arguments: [
    (
      ImageRequestSizing.Delivery.opportunistic, false, [ImageRequestSizing.Stage.degraded, .final]
    ),
    (.opportunistic, true, [.final]),
    (.highQuality, false, [.final]),
    (.fast, false, [.final]),
  ])
  func stages(
    delivery: ImageRequestSizing.Delivery, synchronous: Bool, stages: [ImageRequestSizing.Stage]
  ) {
    let sizing = ImageRequestSizing(
      targetSize: Self.square, delivery: delivery, isSynchronous: synchronous)
    #expect(sizing.stages == stages)
  }

  /// The smallest result a request accepts: what decides whether a picture kept small is
  /// enough.
  @Test(arguments: [
    (ImageRequestSizing.ResizeMode.none, 4000),
    (.exact, 200),
    (.fast, 200),
  ])
  func minimumLongSide(resize: ImageRequestSizing.ResizeMode, long: Int) {
    let sizing = ImageRequestSizing(targetSize: Self.square, resizeMode: resize)
    #expect(sizing.minimumLongSide(width: 4000, height: 3000) == long)
  }

  /// The pipeline delivers the size the sizing names, the crop included.
  @Test func thePipelineDeliversTheSizeDecided() throws {
    let folder = try TestPaths.makeTemporaryDirectory("sizing")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try ImagePipelineTests.copySample(to: folder)
    let pipeline = ImagePipeline()
    let full = try pipeline.image(fileAt: file.path, longSide: 0)
    for sizing in [
      ImageRequestSizing(targetSize: CGSize(width: 64, height: 64), resizeMode: .exact),
      ImageRequestSizing(
        targetSize: CGSize(width: 40, height: 40), contentMode: .aspectFill, resizeMode: .exact,
        cropRect: CGRect(x: 0.1, y: 0.2, width: 0.5, height: 0.3)),
      ImageRequestSizing(targetSize: CGSize(width: 64, height: 64), resizeMode: .fast),
    ] {
      for stage in sizing.stages {
        let image = try pipeline.image(
          fileAt: file.path, sizing: sizing, width: full.width, height: full.height, stage: stage)
        let size = sizing.pixelSize(width: full.width, height: full.height, stage: stage)
        #expect(image.width == size.width && image.height == size.height, "\(sizing) \(stage)")
      }
    }
  }
}
