import Foundation
import ImageDecoding

/// How a request for an asset's picture is sized: the long side each result is decoded to and
/// the part of the picture the final result shows, from the target size, the content mode and
/// the resize and delivery modes, as `PHImageManager.requestImage(for:targetSize:contentMode:
/// options:resultHandler:)` documents them. PhotoKitCompat maps `PHImageContentMode` and
/// `PHImageRequestOptions` onto it; the long sides are what ``ImagePipeline`` is asked for.
public struct ImageRequestSizing: Sendable, Equatable {
  /// How the picture fits the target size. Mirrors `PHImageContentMode`.
  public enum ContentMode: Sendable, Equatable {
    /// The whole picture inside the target size.
    case aspectFit
    /// The picture covers the target size.
    case aspectFill
  }

  /// How closely the result follows the target size. Mirrors
  /// `PHImageRequestOptionsResizeMode`.
  public enum ResizeMode: Sendable, Equatable {
    /// The full picture.
    case none
    /// The decoder's shrink-on-load size: the target size or a little larger.
    case fast
    /// Exactly the target size (fitting or covering it, aspect kept); the crop applies.
    case exact
  }

  /// Which results a request delivers. Mirrors `PHImageRequestOptionsDeliveryMode`.
  public enum Delivery: Sendable, Equatable {
    /// A degraded result first (asynchronous requests only), then the final one.
    case opportunistic
    /// The final result only.
    case highQuality
    /// One result, sized as `.fast` sizes it, whatever the resize mode.
    case fast
  }

  /// One result of a request.
  public enum Stage: Sendable, Equatable {
    /// The low-quality picture `.opportunistic` gives first (a quarter of the final size).
    case degraded
    /// The result the options ask for.
    case final
  }

  /// The target size in pixels; a side of 0 or less (`PHImageManagerMaximumSize` is −1 × −1)
  /// asks for the full size.
  public var targetSize: CGSize
  public var contentMode: ContentMode
  public var resizeMode: ResizeMode
  public var delivery: Delivery
  /// Whether the request delivers before returning (then always once).
  public var isSynchronous: Bool
  /// `normalizedCropRect`: unit coordinates, upper left origin; `.zero` for none.
  public var cropRect: CGRect

  public init(
    targetSize: CGSize, contentMode: ContentMode = .aspectFit, resizeMode: ResizeMode = .fast,
    delivery: Delivery = .opportunistic, isSynchronous: Bool = false, cropRect: CGRect = .zero
  ) {
    self.targetSize = targetSize
    self.contentMode = contentMode
    self.resizeMode = resizeMode
    self.delivery = delivery
    self.isSynchronous = isSynchronous
    self.cropRect = cropRect
  }

  /// The results, in order: a synchronous request and every mode but an asynchronous
  /// `.opportunistic` one deliver once.
  public var stages: [Stage] {
    delivery == .opportunistic && !isSynchronous ? [.degraded, .final] : [.final]
  }

  /// The part of the picture the final result shows, in unit coordinates clamped to the
  /// picture, when `.exact` asks for a crop; nil for the whole picture.
  public var crop: CGRect? {
    guard resizeMode == .exact, delivery != .fast else { return nil }
    let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
    let rect = cropRect.standardized.intersection(unit)
    guard !rect.isNull, rect.width > 0, rect.height > 0, rect != unit else { return nil }
    return rect
  }

  /// The long side to decode the result at `stage` of a picture of `width` × `height` (after
  /// orientation) to; 0 means full size. With a crop, the decoded picture is sized so that the
  /// cropped part fits (or covers) the target.
  public func longSide(width: Int, height: Int, stage: Stage) -> Int {
    let full = max(width, height)
    guard full > 0 else { return 0 }
    if stage == .final, let crop {
      let cropWidth = max(1, Int((Double(width) * crop.width).rounded()))
      let cropHeight = max(1, Int((Double(height) * crop.height).rounded()))
      let cropLong = Self.exactLongSide(
        width: cropWidth, height: cropHeight, targetSize: targetSize, contentMode: contentMode)
      let long = Int(
        (Double(full) * Double(cropLong) / Double(max(cropWidth, cropHeight))).rounded())
      return long >= full ? 0 : max(1, long)
    }
    let exact = Self.exactLongSide(
      width: width, height: height, targetSize: targetSize, contentMode: contentMode)
    let wanted: Int
    switch (delivery, resizeMode) {
    case (.fast, _), (_, .fast): wanted = Self.fastLongSide(full: full, exact: exact)
    case (_, .none): wanted = full
    case (_, .exact): wanted = exact
    }
    let long = stage == .degraded ? max(1, wanted / 4) : wanted
    return long >= full ? 0 : long
  }

  /// The smallest long side the final result may have for a picture of `width` × `height`:
  /// the full size for `.none`, the exact (cropped) size for `.exact`, and the target size for
  /// `.fast`, which may answer larger but need not.
  public func minimumLongSide(width: Int, height: Int) -> Int {
    let full = max(width, height)
    switch resizeMode {
    case .none: return full
    case .exact:
      let long = longSide(width: width, height: height, stage: .final)
      return long == 0 ? full : long
    case .fast:
      return Self.exactLongSide(
        width: width, height: height, targetSize: targetSize, contentMode: contentMode)
    }
  }

  /// The pixel size of the result at `stage` for a picture of `width` × `height`: the
  /// decoded size (aspect kept, never enlarged), cropped for the final result.
  public func pixelSize(width: Int, height: Int, stage: Stage) -> (width: Int, height: Int) {
    let decoded = ThumbnailOptions.size(
      ofWidth: width, height: height, longSide: longSide(width: width, height: height, stage: stage)
    )
    guard stage == .final, let crop else { return decoded }
    let box = PixelImage.cropBox(width: decoded.width, height: decoded.height, unitRect: crop)
    return (box.right - box.left, box.bottom - box.top)
  }

  /// The long side that fits (or, for `.aspectFill`, covers) `targetSize` exactly, never
  /// larger than the picture; the full size for a target with a side of 0 or less.
  public static func exactLongSide(
    width: Int, height: Int, targetSize: CGSize, contentMode: ContentMode
  ) -> Int {
    let full = max(width, height)
    guard width > 0, height > 0, targetSize.width > 0, targetSize.height > 0 else { return full }
    let scaleX = Double(targetSize.width) / Double(width)
    let scaleY = Double(targetSize.height) / Double(height)
    let scale = contentMode == .aspectFill ? max(scaleX, scaleY) : min(scaleX, scaleY)
    guard scale < 1 else { return full }
    return max(1, Int((Double(full) * scale).rounded(.up)))
  }

  /// `.fast`: the smallest of the full size halved up to three times (the JPEG decoder's
  /// shrink-on-load scales) that is still at least the exact size.
  public static func fastLongSide(full: Int, exact: Int) -> Int {
    var long = full
    for _ in 0..<3 where long / 2 >= exact { long /= 2 }
    return long
  }
}

extension ImagePipeline {
  /// The result `stage` of a request sized by `sizing`, of the file at `path` whose picture is
  /// `width` × `height`: decoded once to ``ImageRequestSizing/longSide(width:height:stage:)``
  /// (or `longSide` when given), and cropped for the final result.
  public func image(
    fileAt path: String, sizing: ImageRequestSizing, width: Int, height: Int,
    stage: ImageRequestSizing.Stage, longSide: Int? = nil
  ) throws -> PixelImage {
    let long = longSide ?? sizing.longSide(width: width, height: height, stage: stage)
    let image = try image(fileAt: path, longSide: long)
    guard stage == .final, let crop = sizing.crop else { return image }
    return image.cropped(toUnitRect: crop)
  }
}

extension PixelImage {
  /// The part `rect` (unit coordinates, upper left origin) of the picture, at least 1×1.
  public func cropped(toUnitRect rect: CGRect) -> PixelImage {
    let box = Self.cropBox(width: width, height: height, unitRect: rect)
    var bytes: [UInt8] = []
    bytes.reserveCapacity((box.right - box.left) * (box.bottom - box.top) * 4)
    for row in box.top..<box.bottom {
      let start = row * stride + box.left * 4
      bytes.append(contentsOf: pixels[start..<start + (box.right - box.left) * 4])
    }
    return PixelImage(width: box.right - box.left, height: box.bottom - box.top, pixels: bytes)
  }

  /// The pixels `rect` (unit coordinates) covers in a `width` × `height` picture, rounded to
  /// whole pixels, at least one.
  static func cropBox(width: Int, height: Int, unitRect rect: CGRect) -> (
    left: Int, top: Int, right: Int, bottom: Int
  ) {
    let left = min(width - 1, max(0, Int((Double(width) * rect.minX).rounded())))
    let top = min(height - 1, max(0, Int((Double(height) * rect.minY).rounded())))
    let right = min(width, max(left + 1, Int((Double(width) * rect.maxX).rounded())))
    let bottom = min(height, max(top + 1, Int((Double(height) * rect.maxY).rounded())))
    return (left, top, right, bottom)
  }
}
