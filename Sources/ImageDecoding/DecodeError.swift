/// Why an image could not be read, sorted by who is at fault, with the file it concerns.
///
/// Errors are values: decoders never crash, hang or exit the process on bad input.
public struct DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The cause of a decode failure.
  public enum Code: String, Sendable, Equatable, CaseIterable {
    /// The bytes are not a valid image of the format they claim (corrupt, truncated, empty,
    /// random, or not an image at all).
    case corruptData
    /// A valid file that uses a feature PhotoGate does not decode.
    case unsupportedFeature
    /// The header declares an image larger than the configured ``DecodeLimits``.
    case exceedsLimits
    /// The file could not be opened or read.
    case io
    /// The library that reads the format could not be loaded (FFmpeg, which movies need): a
    /// fault of this installation, not of the file, so it is never remembered as the file's.
    case codecUnavailable
  }

  public var code: Code
  /// The file the error concerns, when there is one.
  public var path: String?
  /// A readable reason, without the path.
  public var reason: String

  public init(_ code: Code, path: String? = nil, reason: String) {
    self.code = code
    self.path = path
    self.reason = reason
  }

  /// `path: reason`, or just the reason when there is no path.
  public var description: String {
    if let path { return "\(path): \(reason)" }
    return reason
  }

  /// The same error, naming `path`.
  public func with(path: String) -> DecodeError {
    var copy = self
    copy.path = path
    return copy
  }
}
