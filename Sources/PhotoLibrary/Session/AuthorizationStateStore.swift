/// Where each app's `AuthorizationState` is kept between launches (one record per bundle id).
///
/// The live store is a locked, atomically replaced JSON file per app under the state dir;
/// `MemoryAuthorizationStore` is the test one. A damaged record must throw, never read as granted.
public protocol AuthorizationStateStore: Sendable {
  /// The app's state; `.firstLaunch` when nothing was stored yet.
  func load(bundleID: String) throws -> AuthorizationState
  /// Reads, changes and writes the app's state under the store's lock. Nothing is written when
  /// `body` throws.
  func update<T>(
    bundleID: String, _ body: (inout AuthorizationState) throws -> T
  ) throws -> T
}
