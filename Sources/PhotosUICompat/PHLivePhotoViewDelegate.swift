#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import PhotoKitCompat

  /// Hears a Live Photo view's playback. Mirrors `PHLivePhotoViewDelegate`; every method is
  /// optional (the defaults allow playback and add no touch time).
  public protocol PHLivePhotoViewDelegate: AnyObject {
    /// Whether playback may begin (asked first; false stops it).
    func livePhotoView(
      _ livePhotoView: PHLivePhotoView,
      canBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle
    ) -> Bool
    /// Playback is about to begin.
    func livePhotoView(
      _ livePhotoView: PHLivePhotoView,
      willBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle)
    /// Playback ended (played to its end, or stopped).
    func livePhotoView(
      _ livePhotoView: PHLivePhotoView,
      didEndPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle)
    /// Extra time a touch must last before playback starts (touches only; none here).
    func livePhotoView(
      _ livePhotoView: PHLivePhotoView,
      extraMinimumTouchDurationFor touch: UITouch, with playbackStyle: PHLivePhotoViewPlaybackStyle
    ) -> TimeInterval
  }

  extension PHLivePhotoViewDelegate {
    public func livePhotoView(
      _ livePhotoView: PHLivePhotoView,
      canBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle
    ) -> Bool { true }
    public func livePhotoView(
      _ livePhotoView: PHLivePhotoView,
      willBeginPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle
    ) {}
    public func livePhotoView(
      _ livePhotoView: PHLivePhotoView,
      didEndPlaybackWith playbackStyle: PHLivePhotoViewPlaybackStyle
    ) {}
    public func livePhotoView(
      _ livePhotoView: PHLivePhotoView,
      extraMinimumTouchDurationFor touch: UITouch, with playbackStyle: PHLivePhotoViewPlaybackStyle
    ) -> TimeInterval { 0 }
  }
#endif
