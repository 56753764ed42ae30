#if !canImport(AVFoundation)
  import Foundation

  /// A movie ready to play. Mirrors `AVPlayerItem` (its asset and duration; nothing plays on
  /// Linux).
  public final class AVPlayerItem: NSObject, @unchecked Sendable {
    public let asset: AVAsset
    public var duration: CMTime { asset.duration }

    public init(asset: AVAsset) {
      self.asset = asset
      super.init()
    }

    public convenience init(url: URL) {
      self.init(asset: AVURLAsset(url: url))
    }
  }

  /// Plays an item. Mirrors `AVPlayer`: `play()` and `pause()` only set `rate` (no sound or
  /// picture on Linux).
  public final class AVPlayer: NSObject, @unchecked Sendable {
    public private(set) var currentItem: AVPlayerItem?
    /// 1 while "playing", 0 when paused.
    public var rate: Float = 0

    public override init() { super.init() }

    public init(playerItem: AVPlayerItem?) {
      currentItem = playerItem
      super.init()
    }

    public convenience init(url: URL) {
      self.init(playerItem: AVPlayerItem(url: url))
    }

    public func play() { rate = 1 }
    public func pause() { rate = 0 }
    public func replaceCurrentItem(with item: AVPlayerItem?) { currentItem = item }
  }
#endif
