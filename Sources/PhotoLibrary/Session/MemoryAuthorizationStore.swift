import Foundation

/// An in-memory `AuthorizationStateStore` for tests and previews.
public final class MemoryAuthorizationStore: AuthorizationStateStore, @unchecked Sendable {
  private let lock = NSLock()
  private var states: [String: AuthorizationState]

  public init(_ states: [String: AuthorizationState] = [:]) {
    self.states = states
  }

  public func load(bundleID: String) throws -> AuthorizationState {
    lock.withLock { states[bundleID] ?? .firstLaunch }
  }

  public func update<T>(
    bundleID: String, _ body: (inout AuthorizationState) throws -> T
  ) throws -> T {
    try lock.withLock {
      var state = states[bundleID] ?? .firstLaunch
      let result = try body(&state)
      states[bundleID] = state
      return result
    }
  }
}
