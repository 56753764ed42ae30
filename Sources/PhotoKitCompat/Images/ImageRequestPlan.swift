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

  /// The results, in order: a synchronous request and every mode but an asynchronous
  /// `.opportunistic` one deliver once.
  var stages: [Stage] {
    deliveryMode == .opportunistic && !isSynchronous ? [.degraded, .final] : [.final]
  }

  /// The long side of the result at `stage` for an image of `width` × `height` (after
  /// orientation); 0 means full size.
  func longSide(width: Int, height: Int, stage: Stage) -> Int {
    let full = max(width, height)
    guard full > 0 else { return 0 }
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
