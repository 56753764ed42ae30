#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import Dispatch
  import Foundation
  import ImageDecoding
  import PhotoKitCompat

  /// Shows a Live Photo and plays its movie. Mirrors `PHLivePhotoView`.
  ///
  /// Nothing is drawn or heard on Linux, but playback runs as on a device, on the main queue:
  /// `startPlayback(with:)` asks the delegate `canBeginPlaybackWith`, tells it
  /// `willBeginPlaybackWith`, "plays" for the movie's length (read from its header; `.hint`
  /// plays at most its first second) and then tells it `didEndPlaybackWith`.
  /// `stopPlayback()`, a new `livePhoto` or another `startPlayback` end the current playback
  /// first. Without a Live Photo, or with `.undefined`, nothing plays. Call it from the main
  /// thread, as UIKit requires.
  open class PHLivePhotoView: UIView, @unchecked Sendable {
    /// The Live Photo shown; setting it ends any playback.
    open var livePhoto: PHLivePhoto? {
      didSet {
        if livePhoto !== oldValue { stopPlayback() }
      }
    }
    /// Hears the playback.
    open weak var delegate: (any PHLivePhotoViewDelegate)?
    /// Whether the movie's sound is off.
    open var isMuted = false
    /// The part of the Live Photo shown, in unit coordinates (all of it by default).
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The long press that plays the Live Photo in full while the finger stays down (after
    /// `minimumPressDuration` plus the delegate's `extraMinimumTouchDurationFor`), and stops it
    /// when the finger lifts. Touches come from tests (`press(_:for:)`, `lift()`).
    open private(set) lazy var playbackGestureRecognizer: UIGestureRecognizer = {
      let press = LivePhotoPress { [weak self] touch in
        guard let self, let delegate = self.delegate else { return 0 }
        return delegate.livePhotoView(self, extraMinimumTouchDurationFor: touch, with: .full)
      }
      press.addHandler { [weak self] recognizer in
        switch recognizer.state {
        case .began: self?.startPlayback(with: .full)
        case .ended, .cancelled: self?.stopPlayback()
        default: break
        }
      }
      addGestureRecognizer(press)
      return press
    }()
    /// The style playing now, if any (not PhotosUI API: there only the delegate tells).
    public private(set) var playingStyle: PHLivePhotoViewPlaybackStyle?
    private var generation = 0

    /// The longest `.hint` playback, in seconds.
    public static let hintDuration: TimeInterval = 1

    /// Plays the Live Photo's movie in `playbackStyle` (see the type's comment). Mirrors
    /// `startPlayback(with:)`.
    open func startPlayback(with playbackStyle: PHLivePhotoViewPlaybackStyle) {
      guard let livePhoto, playbackStyle != .undefined else { return }
      stopPlayback()
      if let delegate, !delegate.livePhotoView(self, canBeginPlaybackWith: playbackStyle) {
        return
      }
      let movie = (try? ImageDecoder.info(ofFileAt: livePhoto.videoURL.path))?.video?.duration ?? 0
      let length = playbackStyle == .hint ? min(movie, Self.hintDuration) : movie
      generation += 1
      let playing = generation
      playingStyle = playbackStyle
      delegate?.livePhotoView(self, willBeginPlaybackWith: playbackStyle)
      DispatchQueue.main.asyncAfter(deadline: .now() + max(0, length)) { [weak self] in
        guard let self, self.generation == playing else { return }
        self.endPlayback()
      }
    }

    /// Ends the playback now, if one is running (the delegate hears `didEndPlaybackWith`).
    /// Mirrors `stopPlayback()`.
    open func stopPlayback() {
      guard playingStyle != nil else { return }
      generation += 1
      endPlayback()
    }

    private func endPlayback() {
      guard let style = playingStyle else { return }
      playingStyle = nil
      delegate?.livePhotoView(self, didEndPlaybackWith: style)
    }

    /// The Live Photo badge as an image (see `PHLivePhotoBadgeOptions`), 28 points square at
    /// the screen's scale. Mirrors `livePhotoBadgeImage(options:)`.
    open class func livePhotoBadgeImage(options badgeOptions: PHLivePhotoBadgeOptions = [])
      -> UIImage
    {
      LivePhotoBadge.image(options: badgeOptions)
    }
  }

  /// The Live Photo view's long press: the delegate may ask for a longer touch.
  final class LivePhotoPress: UILongPressGestureRecognizer, @unchecked Sendable {
    private let extraDuration: (UITouch) -> TimeInterval

    init(extraDuration: @escaping (UITouch) -> TimeInterval) {
      self.extraDuration = extraDuration
      super.init()
    }

    override func press(_ touch: UITouch, for duration: TimeInterval) {
      super.press(touch, for: duration - max(0, extraDuration(touch)))
    }
  }
#endif
