#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import PhotoKitCompat

  /// How much of a Live Photo's movie plays. Mirrors `PHLivePhotoViewPlaybackStyle`, raw
  /// values included.
  public enum PHLivePhotoViewPlaybackStyle: Int, Sendable, Hashable {
    /// No playback.
    case undefined = 0
    /// The whole movie, with sound.
    case full = 1
    /// A short part of the movie, as a hint that the photo is live.
    case hint = 2
  }
#endif
