/// Why the library refuses an app's transaction (``AppChangeTransaction``), with the code
/// PhotoKit reports it by (`PHPhotosError`'s codes, mapped in PhotoKitCompat).
public struct AppChangeError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Code: Sendable, Equatable {
    /// Something the library cannot do (`PHPhotosError.changeNotSupported`).
    case notSupported
    /// Something the app's access does not allow (`PHPhotosError.accessUserDenied`).
    case accessDenied
    /// A new asset without a photo or movie (`PHPhotosError.missingResource`).
    case missingResource
    /// A new asset's file that cannot be read (`PHPhotosError.invalidResource`).
    case invalidResource
  }

  public var code: Code
  public var reason: String

  public init(_ code: Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  public var description: String { reason }
}
