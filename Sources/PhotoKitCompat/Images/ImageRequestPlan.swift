import Foundation
import PhotoLibrary

/// An image request's options mapped onto the library's ``ImageRequestSizing`` (which decides
/// the size and crop of each result), with the version of the asset to read.
struct ImageRequestPlan: Sendable {
  typealias Stage = ImageRequestSizing.Stage

  var sizing: ImageRequestSizing
  /// `.current` reads an asset's saved edit; the other versions read its original file.
  var version: PHImageRequestOptionsVersion

  init(
    targetSize: CGSize, contentMode: PHImageContentMode, options: PHImageRequestOptions
  ) {
    sizing = ImageRequestSizing(
      targetSize: targetSize, contentMode: ImageRequestSizing.ContentMode(contentMode),
      resizeMode: ImageRequestSizing.ResizeMode(options.resizeMode),
      delivery: ImageRequestSizing.Delivery(options.deliveryMode),
      isSynchronous: options.isSynchronous, cropRect: options.normalizedCropRect)
    version = options.version
  }

  /// The results, in order (see ``ImageRequestSizing/stages``).
  var stages: [Stage] { sizing.stages }

  /// See ``ImageRequestSizing/longSide(width:height:stage:)``.
  func longSide(width: Int, height: Int, stage: Stage) -> Int {
    sizing.longSide(width: width, height: height, stage: stage)
  }
}

extension ImageRequestSizing.ContentMode {
  init(_ mode: PHImageContentMode) {
    self = mode == .aspectFill ? .aspectFill : .aspectFit
  }
}

extension ImageRequestSizing.ResizeMode {
  init(_ mode: PHImageRequestOptionsResizeMode) {
    switch mode {
    case .none: self = .none
    case .fast: self = .fast
    case .exact: self = .exact
    }
  }
}

extension ImageRequestSizing.Delivery {
  init(_ mode: PHImageRequestOptionsDeliveryMode) {
    switch mode {
    case .opportunistic: self = .opportunistic
    case .highQualityFormat: self = .highQuality
    case .fastFormat: self = .fast
    }
  }
}
