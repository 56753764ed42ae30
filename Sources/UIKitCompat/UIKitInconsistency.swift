import Foundation

/// An `NSInternalInconsistencyException` that UIKit raises when a table or collection view's
/// batch update does not add up (see ``BatchUpdate``). On a device the app terminates with
/// ``description``; the stand-in views hand it to their `inconsistencyHandler` instead, or stop
/// the process with the same text when they have none.
public struct UIKitInconsistency: Error, Sendable, Equatable, CustomStringConvertible {
  /// The exception's name, always `NSInternalInconsistencyException`.
  public var name: String { "NSInternalInconsistencyException" }
  /// UIKit's reason, word for word (index paths print as
  /// `<NSIndexPath: 0x…> {length = 2, path = 0 - 3}`: the address is left out).
  public let reason: String

  public init(reason: String) { self.reason = reason }

  /// The line a device prints as it terminates the app.
  public var description: String {
    "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"
  }
}
