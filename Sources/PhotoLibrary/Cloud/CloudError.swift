/// Why an iCloud state change was refused; the message names the asset and the library.
public struct CloudError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }

  /// An id that names no asset of the library at `library`.
  static func unknownAsset(_ id: String, library: String) -> CloudError {
    CloudError("no asset '\(id)' in the library \(library)")
  }

  /// A library that keeps no iCloud state.
  static let noState = CloudError(
    "this library keeps no iCloud state (it needs a library folder and a state folder)")
}
