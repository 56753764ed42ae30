#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  /// How the Live Photo badge is drawn. Mirrors `PHLivePhotoBadgeOptions`, raw values
  /// included.
  public struct PHLivePhotoBadgeOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Drawn to sit over the photo: a light badge on a translucent dark disc.
    public static let overContent = PHLivePhotoBadgeOptions(rawValue: 1 << 0)
    /// Struck through: the photo is shown as a still.
    public static let liveOff = PHLivePhotoBadgeOptions(rawValue: 1 << 1)
  }
#endif
