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

  public func update<T>(
    bundleID: String, _ body: (inout AuthorizationState) throws -> T
  ) throws -> T {
    try fileStore(bundleID: bundleID).update { stored in
      var state = stored ?? .firstLaunch
      let result = try body(&state)
      stored = state
      return result
    }
  }

  /// Deletes the app's file, damaged or not: the next launch is a first launch.
  public func remove(bundleID: String) throws {
    try fileStore(bundleID: bundleID).remove()
  }
}
