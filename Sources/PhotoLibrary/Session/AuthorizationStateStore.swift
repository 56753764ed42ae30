/// Where each app's `AuthorizationState` is kept between launches (one record per bundle id).
///
/// The live store is a locked, atomically replaced JSON file per app under the state dir;
/// `MemoryAuthorizationStore` is the test one. A damaged record must throw, never read as granted.
/// Every committed change carries a new generation and is announced to observers, so that a
/// running app hears what other processes (or other sessions) change.
public protocol AuthorizationStateStore: Sendable {
  /// The app's state; `.firstLaunch` when nothing was stored yet.
  func load(bundleID: String) throws -> AuthorizationState
  /// The app's state with its generation (0: nothing stored).
  func loadStored(bundleID: String) throws -> StoredAuthorization
  /// A token that differs whenever the app's record may have changed, found without reading
  /// the record (the file store's `stat`), so that a reader keeps what it read until then; nil
  /// when the store has none and must be read each time.
  func recordVersion(bundleID: String) -> AnyHashable?
  /// Reads, changes and writes the app's state under the store's lock, and returns the
  /// record before and after. Nothing is written when `body` throws, and nothing (no new
  /// generation) when the state did not change.
  func commit<T>(
    bundleID: String, _ body: (inout AuthorizationState) throws -> T
  ) throws -> StoreCommit<T>
  /// Calls `handler` with every change of the app's record committed after this call, by
  /// anyone, in order, on a background serial queue (a damaged record as a failure). Keep the
  /// returned observation alive.
  func observe(
    bundleID: String,
    _ handler: @escaping @Sendable (Result<StoredAuthorization, any Error>) -> Void
  ) throws -> LibraryObservation
}

extension AuthorizationStateStore {
  public func recordVersion(bundleID: String) -> AnyHashable? { nil }

  /// Reads, changes and writes the app's state under the store's lock. Nothing is written when
  /// `body` throws.
  public func update<T>(
    bundleID: String, _ body: (inout AuthorizationState) throws -> T
  ) throws -> T {
    try commit(bundleID: bundleID, body).result
  }
}

/// An app's stored state with the generation of the write that stored it.
public struct StoredAuthorization: Sendable, Equatable {
  public var state: AuthorizationState
  /// Grows with every committed change; 0 when nothing is stored.
  public var generation: UInt64

  public init(state: AuthorizationState, generation: UInt64) {
    self.state = state
    self.generation = generation
  }
}

/// What one `AuthorizationStateStore.commit` did: the record before and after, and the
/// body's result.
public struct StoreCommit<T> {
  public var result: T
  public var before: StoredAuthorization
  public var after: StoredAuthorization

  public init(result: T, before: StoredAuthorization, after: StoredAuthorization) {
    self.result = result
    self.before = before
    self.after = after
  }
}
