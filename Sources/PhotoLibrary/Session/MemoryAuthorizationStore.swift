import Dispatch
import Foundation

/// An in-memory `AuthorizationStateStore` for tests and previews; sessions sharing one hear
/// each other's changes as processes sharing a state file do.
///
/// Sendable by hand (`@unchecked`): records and observers are touched only under `lock`.
public final class MemoryAuthorizationStore: AuthorizationStateStore, @unchecked Sendable {
  private let lock = NSLock()
  private var records: [String: StoredAuthorization]
  private var observers:
    [UInt64: (String, @Sendable (Result<StoredAuthorization, any Error>) -> Void)] = [:]
  private var nextObserverID: UInt64 = 0
  /// Notices go out here, one at a time, in commit order.
  private let noticeQueue = DispatchQueue(label: "photogate.memory-store.notices")

  public init(_ states: [String: AuthorizationState] = [:]) {
    records = states.mapValues { StoredAuthorization(state: $0, generation: 1) }
  }

  public func load(bundleID: String) throws -> AuthorizationState {
    try loadStored(bundleID: bundleID).state
  }

  public func loadStored(bundleID: String) throws -> StoredAuthorization {
    lock.withLock {
      records[bundleID] ?? StoredAuthorization(state: .firstLaunch, generation: 0)
    }
  }

  public func commit<T>(
    bundleID: String, _ body: (inout AuthorizationState) throws -> T
  ) throws -> StoreCommit<T> {
    try lock.withLock {
      let before = records[bundleID] ?? StoredAuthorization(state: .firstLaunch, generation: 0)
      var state = before.state
      let result = try body(&state)
      guard state != before.state || records[bundleID] == nil else {
        return StoreCommit(result: result, before: before, after: before)
      }
      let after = StoredAuthorization(state: state, generation: before.generation + 1)
      records[bundleID] = after
      for (id, handler) in observers.values where id == bundleID {
        noticeQueue.async { handler(.success(after)) }
      }
      return StoreCommit(result: result, before: before, after: after)
    }
  }

  public func observe(
    bundleID: String,
    _ handler: @escaping @Sendable (Result<StoredAuthorization, any Error>) -> Void
  ) throws -> LibraryObservation {
    let id = lock.withLock {
      nextObserverID += 1
      observers[nextObserverID] = (bundleID, handler)
      return nextObserverID
    }
    return LibraryObservation { [weak self] in
      guard let self else { return }
      _ = self.lock.withLock { self.observers.removeValue(forKey: id) }
    }
  }
}
