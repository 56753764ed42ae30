import Foundation
import PhotoLibrary

/// The domain of `PHPhotosError`. Mirrors `PHPhotosErrorDomain`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHPhotosErrorDomain = "PHPhotosErrorDomain"

/// The user-info key of the local identifiers an error is about. Mirrors
/// `PHLocalIdentifiersErrorKey`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHLocalIdentifiersErrorKey = "PHLocalIdentifiersErrorKey"

// The iOS 13 integer constants Swift code compared `code` with before `PHPhotosError.Code`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHPhotosErrorInvalid = PHPhotosError.Code.internalError.rawValue
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHPhotosErrorUserCancelled = PHPhotosError.Code.userCancelled.rawValue
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHPhotosErrorLibraryVolumeOffline = PHPhotosError.Code.libraryVolumeOffline.rawValue
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHPhotosErrorRelinquishingLibraryBundleToWriter =
  PHPhotosError.Code.relinquishingLibraryBundleToWriter.rawValue
// swift-format-ignore: AlwaysUseLowerCamelCase
public let PHPhotosErrorSwitchingSystemPhotoLibrary =
  PHPhotosError.Code.switchingSystemPhotoLibrary.rawValue

/// Why a PhotoKit operation failed. Mirrors `PHPhotosError` (domain `PHPhotosErrorDomain`,
/// every code with Apple's raw value), with a message naming the cause.
public struct PHPhotosError: Error, Sendable, Hashable, CustomNSError, LocalizedError,
  CustomStringConvertible
{
  /// The codes of `PHPhotosError.Code`, Apple's raw values.
  public enum Code: Int, Sendable, Equatable, Hashable {
    case internalError = -1
    case userCancelled = 3072
    case libraryVolumeOffline = 3114
    case relinquishingLibraryBundleToWriter = 3142
    case switchingSystemPhotoLibrary = 3143
    case networkAccessRequired = 3164
    case networkError = 3169
    case identifierNotFound = 3201
    case multipleIdentifiersFound = 3202
    case changeNotSupported = 3300
    case operationInterrupted = 3301
    case invalidResource = 3302
    case missingResource = 3303
    case notEnoughSpace = 3305
    case requestNotSupportedForAsset = 3306
    case limitExceeded = 3307
    case accessRestricted = 3310
    case accessUserDenied = 3311
    case libraryInFileProviderSyncRoot = 5423
    case persistentChangeTokenExpired = 3105
    case persistentChangeDetailsUnavailable = 3210
    /// Not a PhotoKit code: a system confirmation was left unanswered, so on a device the
    /// change would never finish (only `async` and `performChangesAndWait` report it).
    case confirmationUnanswered = -2

    /// The deprecated name of `internalError` (the same raw value, -1).
    public static let invalid = Code.internalError

    /// Whether `error` is a `PHPhotosError` with this code, for `catch PHPhotosError.userCancelled`.
    public static func ~= (match: Code, error: any Error) -> Bool {
      (error as? PHPhotosError)?.code == match
    }
  }

  public static let errorDomain = PHPhotosErrorDomain
  public static let internalError = Code.internalError
  public static let invalid = Code.invalid
  public static let userCancelled = Code.userCancelled
  public static let libraryVolumeOffline = Code.libraryVolumeOffline
  public static let relinquishingLibraryBundleToWriter = Code.relinquishingLibraryBundleToWriter
  public static let switchingSystemPhotoLibrary = Code.switchingSystemPhotoLibrary
  public static let networkAccessRequired = Code.networkAccessRequired
  public static let networkError = Code.networkError
  public static let identifierNotFound = Code.identifierNotFound
  public static let multipleIdentifiersFound = Code.multipleIdentifiersFound
  public static let changeNotSupported = Code.changeNotSupported
  public static let operationInterrupted = Code.operationInterrupted
  public static let invalidResource = Code.invalidResource
  public static let missingResource = Code.missingResource
  public static let notEnoughSpace = Code.notEnoughSpace
  public static let requestNotSupportedForAsset = Code.requestNotSupportedForAsset
  public static let limitExceeded = Code.limitExceeded
  public static let accessRestricted = Code.accessRestricted
  public static let accessUserDenied = Code.accessUserDenied
  public static let libraryInFileProviderSyncRoot = Code.libraryInFileProviderSyncRoot
  public static let persistentChangeTokenExpired = Code.persistentChangeTokenExpired
  public static let persistentChangeDetailsUnavailable = Code.persistentChangeDetailsUnavailable

  public var code: Code
  /// What failed and why.
  public var message: String
  /// The local identifiers the error is about (`PHLocalIdentifiersErrorKey`), if any.
  public var localIdentifiers: [String]

  public init(_ code: Code, _ message: String, localIdentifiers: [String] = []) {
    self.code = code
    self.message = message
    self.localIdentifiers = localIdentifiers
  }

  /// An error with `code`; its message is the user info's `NSLocalizedDescriptionKey`, else
  /// the code's name. Mirrors `PHPhotosError(_:userInfo:)`.
  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.init(
      code, userInfo[NSLocalizedDescriptionKey] as? String ?? "PHPhotosError.\(code)",
      localIdentifiers: userInfo[PHLocalIdentifiersErrorKey] as? [String] ?? [])
  }

  public var errorCode: Int { code.rawValue }
  public var errorUserInfo: [String: Any] {
    localIdentifiers.isEmpty
      ? [NSLocalizedDescriptionKey: message]
      : [NSLocalizedDescriptionKey: message, PHLocalIdentifiersErrorKey: localIdentifiers]
  }
  /// The user info of the `NSError` (its description, the local identifiers). Mirrors
  /// `userInfo`.
  public var userInfo: [String: Any] { errorUserInfo }
  public var errorDescription: String? { message }
  public var description: String { "PHPhotosError \(code.rawValue): \(message)" }
}

extension PHPhotosError {
  /// The library's refusal of a change, under PhotoKit's code for it.
  init(_ error: AppChangeError) {
    let code: Code =
      switch error.code {
      case .notSupported: .changeNotSupported
      case .accessDenied: .accessUserDenied
      case .missingResource: .missingResource
      case .invalidResource: .invalidResource
      }
    self.init(code, error.reason)
  }
}
