import FileSystem
import Foundation

/// Hearing the changes other writers (this process or another) commit to a `JSONFileStore`.
extension JSONFileStore {
  /// Calls `handler` with every change committed to the file after this call returns, by any
  /// process: the new value (nil: the file was deleted) and its generation, once per change
  /// seen and in order, on a background serial queue. The same bytes written again are not a
  /// change. Writes that follow each other within the coalescing window (100 ms) may be heard
  /// as one, with the latest value. A damaged file is reported as a failure.
  ///
  /// Watches the file's folder with inotify (the store replaces the file by rename), or polls
  /// every second where inotify is missing. Keep the returned observation alive.
  public func observe(
    detection: ChangeDetection = .automatic,
    _ handler:
      @escaping @Sendable (Result<(value: Value?, generation: UInt64), StoreError>) ->
      Void
  ) -> LibraryObservation {
    // The folder must exist for its watch; a missing one would fall back to polling.
    _ = try? POSIX.makeDirectories(url.deletingLastPathComponent().path, mode: 0o700)
    let target = StateFileTarget(store: self, handler: handler)
    let watcher = FolderWatcher(target: target)
    watcher.start(detection)
    return LibraryObservation(onCancel: { watcher.cancel() }, watcher: watcher)
  }
}

/// One store file in its folder, for a ``FolderWatcher``: read again after events, reported
/// when its bytes differ from the last ones read.
final class StateFileTarget<Value: Codable & Sendable>: WatchTarget {
  private let store: JSONFileStore<Value>
  private let handler: @Sendable (Result<(value: Value?, generation: UInt64), StoreError>) -> Void
  private var lastBytes: [UInt8]?
  private var lastError: StoreError?

  init(
    store: JSONFileStore<Value>,
    handler: @escaping @Sendable (Result<(value: Value?, generation: UInt64), StoreError>) -> Void
  ) {
    self.store = store
    self.handler = handler
  }

  var root: String { store.url.deletingLastPathComponent().path }

  func look(willList: (String) -> Void, regions: [LibraryRegion]?, report: () -> Bool) {
    willList(root)
    let bytes: [UInt8]?
    do {
      bytes = try store.readBytes()
    } catch {
      if error != lastError, report() { handler(.failure(error)) }
      lastError = error
      return
    }
    lastError = nil
    guard bytes != lastBytes else { return }
    lastBytes = bytes
    guard report() else { return }
    guard let bytes else {
      handler(.success((nil, 0)))
      return
    }
    do {
      let envelope = try store.decode(bytes)
      handler(.success((envelope.value, envelope.generation ?? 0)))
    } catch {
      handler(.failure(error))
    }
  }
}
