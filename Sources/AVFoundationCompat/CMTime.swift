#if !canImport(AVFoundation)
  /// A time as a rational number of seconds. Mirrors CoreMedia's `CMTime` (value, timescale,
  /// `seconds`; no flags, epochs or arithmetic beyond comparison).
  public struct CMTime: Sendable, Equatable, Hashable, Comparable {
    public var value: Int64
    public var timescale: Int32

    public init(value: Int64, timescale: Int32) {
      self.value = value
      self.timescale = timescale
    }

    /// `seconds` rounded to the nearest 1/`preferredTimescale`.
    public init(seconds: Double, preferredTimescale: Int32) {
      value = Int64((seconds * Double(preferredTimescale)).rounded())
      timescale = preferredTimescale
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    /// Not a valid time (timescale 0): a movie whose duration is unknown.
    public static let invalid = CMTime(value: 0, timescale: 0)

    public var isValid: Bool { timescale != 0 }

    /// The time in seconds (NaN when invalid, as CoreMedia answers).
    public var seconds: Double {
      isValid ? Double(value) / Double(timescale) : .nan
    }

    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { lhs.seconds < rhs.seconds }
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Mirrors `CMTimeGetSeconds`.
  public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Mirrors `CMTimeMakeWithSeconds`.
  public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
  }
#endif
