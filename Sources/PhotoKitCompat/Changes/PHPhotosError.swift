import Foundation

/// Why a PhotoKit operation failed. Mirrors `PHPhotosError` (domain `PHPhotosErrorDomain`,
/// the codes' raw values included), with a message naming the cause.
public struct PHPhotosError: Error, Sendable, Equatable, CustomNSError, LocalizedError,
  CustomStringConvertible
{
  /// The codes of `PHPhotosError.Code`.
  public enum Code: Int, Sendable, Equatable {
    case invalid = -1
    case userCancelled = 3072
    case identifierNotFound = 3201
    case changeNotSupported = 3300
    case invalidResource = 3302
    case missingResource = 3303
    case accessRestricted = 3310
    case accessUserDenied = 3311
    /// Not a PhotoKit code: a system confirmation was left unanswered, so on a device the
    /// change would never finish (only `async` and `performChangesAndWait` report it).
    case confirmationUnanswered = -2
  }

  public static let errorDomain = "PHPhotosErrorDomain"
  public static let invalid = Code.invalid
  public static let identifierNotFound = Code.identifierNotFound
  public static let changeNotSupported = Code.changeNotSupported
  public static let invalidResource = Code.invalidResource
  public static let accessRestricted = Code.accessRestricted
  public static let accessUserDenied = Code.accessUserDenied
  public static let userCancelled = Code.userCancelled

  public var code: Code
  /// What failed and why.
  public var message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var errorCode: Int { code.rawValue }
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
  public var errorDescription: String? { message }
  public var description: String { "PHPhotosError \(code.rawValue): \(message)" }
}
