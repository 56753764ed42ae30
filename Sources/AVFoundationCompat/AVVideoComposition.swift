#if !canImport(AVFoundation)
  import Foundation

  /// How a movie's frames are composed when exported: the render size, frame duration and
  /// scale. Mirrors `AVVideoComposition` (no instructions or custom compositors: nothing
  /// composes frames on Linux, so an export session with a composition fails).
  public class AVVideoComposition: NSObject, @unchecked Sendable {
    /// The size frames are rendered at.
    public fileprivate(set) var renderSize: CGSize
    /// How long each frame lasts (1/frame rate).
    public fileprivate(set) var frameDuration: CMTime
    /// The scale frames are rendered at.
    public fileprivate(set) var renderScale: Float

    init(renderSize: CGSize, frameDuration: CMTime, renderScale: Float) {
      self.renderSize = renderSize
      self.frameDuration = frameDuration
      self.renderScale = renderScale
      super.init()
    }

    /// A composition rendering `asset` as it is: its natural size, a frame per frame of its
    /// rate (30 per second when the rate is unknown). Mirrors `init(propertiesOf:)`.
    public convenience init(propertiesOf asset: AVAsset) {
      let rate = asset.nominalFrameRate > 0 ? asset.nominalFrameRate : 30
      self.init(
        renderSize: asset.naturalSize,
        frameDuration: CMTime(value: 1, timescale: Int32(rate.rounded())), renderScale: 1)
    }
  }

  /// A video composition whose properties can be set. Mirrors `AVMutableVideoComposition`.
  public final class AVMutableVideoComposition: AVVideoComposition, @unchecked Sendable {
    /// An empty composition (zero size, no frame duration). Mirrors `init()`.
    public init() {
      super.init(renderSize: .zero, frameDuration: .invalid, renderScale: 1)
    }

    /// Mirrors `AVMutableVideoComposition(propertiesOf:)`.
    public convenience init(propertiesOf asset: AVAsset) {
      self.init()
      let template = AVVideoComposition(propertiesOf: asset)
      renderSize = template.renderSize
      frameDuration = template.frameDuration
    }

    public override var renderSize: CGSize {
      get { super.renderSize }
      set { super.renderSize = newValue }
    }

    public override var frameDuration: CMTime {
      get { super.frameDuration }
      set { super.frameDuration = newValue }
    }

    public override var renderScale: Float {
      get { super.renderScale }
      set { super.renderScale = newValue }
    }
  }
#endif
