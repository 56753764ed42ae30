import FileSystem
import Foundation

/// A library's iCloud state as last read, read again only when its file changed (`stat`: every
/// commit replaces the file by rename). Every PhotoKit request of an asset asks whether it is in
/// iCloud only; a library with thousands of offloaded assets has a file worth not decoding each
/// time.
///
/// Sendable by hand (`@unchecked`): the cached value is touched only under `lock`.
public final class CloudStateCache: @unchecked Sendable {
  private let lock = NSLock()
  private var cached: (url: URL, version: FileSignature?, state: CloudState)?

  public init() {}

  /// The state `store` holds now.
  public func state(of store: CloudStore) throws -> CloudState {
    // The version is taken before reading: a change made meanwhile is read again next time.
    let version = store.store.version()
    if let cached = lock.withLock({ cached }), cached.url == store.store.url,
      cached.version == version
    {
      return cached.state
    }
    let state = try store.load()
    lock.withLock { cached = (store.store.url, version, state) }
    return state
  }
}
