import Foundation

/// What an image request delivers: the sizes of its results, from the target size, content
/// mode and options, as PhotoKit documents them.
struct ImageRequestPlan: Sendable {
  /// One result of a request.
  enum Stage: Sendable, Equatable {
    /// The low-quality image `.opportunistic` gives first (about a quarter of the final size).
    case degraded
    /// The result the options ask for.
    case final
  }

  var targetSize: CGSize
  var contentMode: PHImageContentMode
  var resizeMode: PHImageRequestOptionsResizeMode
  var deliveryMode: PHImageRequestOptionsDeliveryMode
  var isSynchronous: Bool
  /// `normalizedCropRect`: unit coordinates, upper left origin; `.zero` for none.
  var cropRect: CGRect = .zero
  /// `.current` reads an asset's saved edit; the other versions read its original file.
  var version: PHImageRequestOptionsVersion = .current

  /// The results, in order: a synchronous request and every mode but an asynchronous
  /// `.opportunistic` one deliver once.
  var stages: [Stage] {
    deliveryMode == .opportunistic && !isSynchronous ? [.degraded, .final] : [.final]
  }

  /// The part of the image the final result shows, in unit coordinates clamped to the image,
  /// when `.exact` asks for a crop; nil for the whole image.
  var crop: CGRect? {
    guard resizeMode == .exact, deliveryMode != .fastFormat else { return nil }
    let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
    let rect = cropRect.standardized.intersection(unit)
    guard !rect.isNull, rect.width > 0, rect.height > 0, rect != unit else { return nil }
    return rect
  }

  /// The long side of the image to decode for the result at `stage` for an image of `width` ×
  /// `height` (after orientation); 0 means full size. With a crop, the decoded image is
  /// sized so that the cropped part fits (or covers) the target.
  func longSide(width: Int, height: Int, stage: Stage) -> Int {
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
    switch (deliveryMode, resizeMode) {
    case (.fastFormat, _), (_, .fast): wanted = Self.fastLongSide(full: full, exact: exact)
    case (_, .none): wanted = full
    case (_, .exact): wanted = exact
    }
    let long = stage == .degraded ? max(1, wanted / 4) : wanted
    return long >= full ? 0 : long
  }

  /// The long side that fits (or, for `.aspectFill`, covers) `targetSize` exactly, never
  /// larger than the image; the full size for `PHImageManagerMaximumSize` or an empty target.
  static func exactLongSide(
    width: Int, height: Int, targetSize: CGSize, contentMode: PHImageContentMode
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
  static func fastLongSide(full: Int, exact: Int) -> Int {
    var long = full
    for _ in 0..<3 where long / 2 >= exact { long /= 2 }
    return long
  }
}
