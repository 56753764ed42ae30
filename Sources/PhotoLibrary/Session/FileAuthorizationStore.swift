import Foundation

/// The live `AuthorizationStateStore`: one locked, atomically replaced JSON file per app under
/// the state dir (`StateDirectory` + `JSONFileStore`).
///
/// A damaged or unreadable file throws a `StoreError` naming it; nothing is ever assumed
/// granted. `remove(bundleID:)` deletes the file whatever it holds (`privacy reset`).
public struct FileAuthorizationStore: AuthorizationStateStore {
  public let directory: StateDirectory
  /// The schema of `AuthorizationState` files.
  public static let schemaVersion = 1

  public init(directory: URL) {
    self.directory = StateDirectory(url: directory)
  }

  /// The file store for `bundleID`.
  public func fileStore(bundleID: String) throws -> JSONFileStore<AuthorizationState> {
    try directory.store(
      forBundleID: bundleID, of: AuthorizationState.self, schemaVersion: Self.schemaVersion)
  }

  public func load(bundleID: String) throws -> AuthorizationState {
    try fileStore(bundleID: bundleID).load() ?? .firstLaunch
  }

  /// The file's `stat` (a missing file is a version too: nothing stored).
  public func recordVersion(bundleID: String) -> AnyHashable? {
    guard let store = try? fileStore(bundleID: bundleID) else { return nil }
    return AnyHashable(store.version())
  }

  public func loadStored(bundleID: String) throws -> StoredAuthorization {
    let (value, generation) = try fileStore(bundleID: bundleID).loadWithGeneration()
    return StoredAuthorization(state: value ?? .firstLaunch, generation: generation)
  }

  public func commit<T>(
    bundleID: String, _ body: (inout AuthorizationState) throws -> T
  ) throws -> StoreCommit<T> {
    var before = StoredAuthorization(state: .firstLaunch, generation: 0)
    var state = AuthorizationState.firstLaunch
    let (result, previous, generation) = try fileStore(bundleID: bundleID).commit { stored in
      state = stored ?? .firstLaunch
      before.state = state
      let result = try body(&state)
      stored = state
      return result
    }
    before.generation = previous
    return StoreCommit(
      result: result, before: before,
      after: StoredAuthorization(state: state, generation: generation))
  }

  /// Watches the app's file (inotify on the state folder, polling where it is missing).
  public func observe(
    bundleID: String,
    _ handler: @escaping @Sendable (Result<StoredAuthorization, any Error>) -> Void
  ) throws -> LibraryObservation {
    try fileStore(bundleID: bundleID).observe { result in
      handler(
        result.map {
          StoredAuthorization(state: $0.value ?? .firstLaunch, generation: $0.generation)
        }
        .mapError { $0 })
    }
  }

  /// Deletes the app's file, damaged or not: the next launch is a first launch.
  public func remove(bundleID: String) throws {
    try fileStore(bundleID: bundleID).remove()
  }
}
