import FileSystem
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One Codable value kept in a JSON file, read and replaced safely by many processes.
///
/// What a device keeps per app in its privacy database (TCC on iOS) PhotoGate keeps in one
/// file per app. The file holds `{"version": N, "value": …}`:
/// - ``update(_:)`` holds an exclusive `flock(2)` on a sidecar `.lock` file for the whole
///   read-modify-write, so concurrent updates (threads or processes) never lose one another;
/// - every write goes to a temporary file that is `fsync`ed and renamed over the old one, so a
///   crash leaves the old file or the new one, never half of one; leftovers are cleaned up;
/// - every write that changes the value stores a new, larger `generation`, so a reader (see
///   ``observe(detection:_:)``) tells a change from the same bytes rewritten and applies each
///   change once, in order;
/// - a damaged file (empty, truncated, not JSON, wrong shape) or one written by a newer schema
///   is reported as a ``StoreError`` naming the file: it is never read as "no state".
///
/// Files are created 0600 and a missing folder 0700.
public struct JSONFileStore<Value: Codable & Sendable>: Sendable {
  /// The JSON file.
  public let url: URL
  /// The schema version this code writes; files with versions 1…`schemaVersion` are read
  /// (keep new fields optional so that older files still decode), newer ones refused.
  public let schemaVersion: Int
  /// How long ``update(_:)`` and ``remove()`` wait for another holder of the lock.
  public let lockTimeout: Duration

  public init(url: URL, schemaVersion: Int = 1, lockTimeout: Duration = .seconds(10)) {
    precondition(schemaVersion >= 1, "schema versions start at 1")
    self.url = url
    self.schemaVersion = schemaVersion
    self.lockTimeout = lockTimeout
  }

  /// The sidecar file locked during updates: the JSON file's name plus `.lock`.
  public var lockURL: URL { url.appendingPathExtension("lock") }

  /// What identifies the file's current version without opening it (`stat(2)`: device,
  /// inode, size, modification and change times); nil when the file does not exist. Every
  /// commit replaces the file by rename, so a new version has a new inode and change time: a
  /// caller that kept the value read with a version reads again only when this differs.
  package func version() -> FileSignature? {
    guard let info = try? POSIX.entryInfo(url.path) else { return nil }
    return FileSignature(info)
  }

  /// Reads the stored value, or nil when the file does not exist.
  ///
  /// Reading takes no lock: writers replace the file with an atomic rename, so a reader
  /// always sees a complete file.
  public func load() throws(StoreError) -> Value? {
    guard let bytes = try readBytes() else { return nil }
    return try decode(bytes).value
  }

  /// Reads the stored value with its generation (0: no file, or one written without
  /// generations).
  public func loadWithGeneration() throws(StoreError) -> (value: Value?, generation: UInt64) {
    guard let bytes = try readBytes() else { return (nil, 0) }
    let envelope = try decode(bytes)
    return (envelope.value, envelope.generation ?? 0)
  }

  /// Reads the value, lets `body` change it, and writes the result back, all under the lock.
  ///
  /// `body` gets nil when there is no file yet; setting the value to nil deletes the file.
  /// Nothing is written when `body` throws or leaves the encoded value unchanged. A damaged
  /// file makes this throw before `body` runs, so it is never overwritten silently.
  public func update<T>(_ body: (inout Value?) throws -> T) throws -> T {
    try commit(body).result
  }

  /// ``update(_:)`` that also returns the generation stored before and afterwards (unchanged
  /// when nothing was written; 0 when there is no file).
  public func commit<T>(_ body: (inout Value?) throws -> T) throws -> (
    result: T, previousGeneration: UInt64, generation: UInt64
  ) {
    try createFolder()
    return try FileLock.withExclusiveLock(at: lockURL.path, timeout: lockTimeout) {
      DurableFile.removeLeftovers(of: url.path)
      let existing = try readBytes()
      let envelope = try existing.map { (bytes) throws(StoreError) in try decode(bytes) }
      var value = envelope?.value
      let result = try body(&value)
      let previous = envelope?.generation ?? 0
      let generation = try write(value, replacing: existing, generation: previous)
      return (result, previous, generation)
    }
  }

  /// Deletes the file (under the lock), whatever it holds, damaged or not; a missing file is
  /// not an error.
  public func remove() throws(StoreError) {
    let folder = url.deletingLastPathComponent().path
    guard (try? POSIX.targetInfo(folder)) != nil else { return }
    do {
      try FileLock.withExclusiveLock(at: lockURL.path, timeout: lockTimeout) {
        DurableFile.removeLeftovers(of: url.path)
        try delete()
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw StoreError(.io, path: url.path, reason: "\(error)")
    }
  }

  // MARK: - Reading

  /// The file's bytes, or nil when it does not exist.
  func readBytes() throws(StoreError) -> [UInt8]? {
    do {
      return try POSIX.readFile(url.path)
    } catch  where error.code == ENOENT {
      return nil
    } catch {
      throw StoreError(.io, path: url.path, reason: "cannot be read: \(error.reason)")
    }
  }

  /// Checks the schema version, then decodes the envelope.
  func decode(_ bytes: [UInt8]) throws(StoreError) -> StoreEnvelope<Value> {
    if bytes.isEmpty {
      throw damaged("empty (a write was cut short, or the file was truncated)")
    }
    let data = Data(bytes)
    let version: Int?
    do {
      version = try JSONDecoder().decode(VersionProbe.self, from: data).version
    } catch let error as DecodingError {
      throw damaged(error.reason(expecting: "a JSON object"))
    } catch {
      throw damaged("not valid JSON (\(error))")
    }
    guard let version else { throw damaged("no schema \"version\" field") }
    if version > schemaVersion {
      throw StoreError(
        .unsupportedVersion, path: url.path,
        reason: "was written with schema version \(version) by a newer PhotoGate; this one "
          + "reads versions 1 to \(schemaVersion). Upgrade PhotoGate, or reset the state")
    }
    if version < 1 { throw damaged("invalid schema version \(version)") }
    do {
      return try JSONDecoder().decode(StoreEnvelope<Value>.self, from: data)
    } catch let error as DecodingError {
      throw damaged(
        "not in the shape of schema version \(version): "
          + error.reason(expecting: "the stored value"))
    } catch {
      throw damaged("not in the shape of schema version \(version): \(error)")
    }
  }

  private func damaged(_ reason: String) -> StoreError {
    StoreError(.damaged, path: url.path, reason: "damaged state file: \(reason)")
  }

  // MARK: - Writing

  private func createFolder() throws(StoreError) {
    let folder = url.deletingLastPathComponent().path
    do {
      try POSIX.makeDirectories(folder, mode: 0o700)
    } catch {
      throw StoreError(.io, path: folder, reason: "cannot create the folder: \(error.reason)")
    }
  }

  /// Writes `value` atomically unless it equals what `existing` (stored at `generation`)
  /// holds; deletes for nil. Returns the generation stored afterwards: larger than the old one
  /// and than any before a deletion (it follows the clock), unchanged when nothing changed.
  private func write(
    _ value: Value?, replacing existing: [UInt8]?, generation: UInt64
  ) throws(StoreError) -> UInt64 {
    guard let value else {
      if existing != nil { try delete() }
      return 0
    }
    if try encode(value, generation: generation == 0 ? nil : generation) == existing {
      return generation
    }
    let now = UInt64(max(0, Date().timeIntervalSince1970 * 1_000_000))
    let next = max(generation + 1, now)
    let bytes = try encode(value, generation: next)
    do {
      try DurableFile.write(bytes, to: url.path, mode: 0o600)
    } catch {
      throw StoreError(
        .io, path: url.path,
        reason: "cannot be written: \(error.call) failed: "
          + error.reason)
    }
    return next
  }

  /// The file's bytes for `value` stored at `generation`.
  private func encode(_ value: Value, generation: UInt64?) throws(StoreError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var bytes: [UInt8]
    do {
      bytes = [UInt8](
        try encoder.encode(
          StoreEnvelope(version: schemaVersion, value: value, generation: generation)))
    } catch {
      throw StoreError(.io, path: url.path, reason: "cannot encode the value: \(error)")
    }
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  private func delete() throws(StoreError) {
    if unlink(url.path) == -1 {
      if errno == ENOENT { return }
      throw StoreError(path: url.path, SystemError(call: "unlink", code: errno))
    }
    do {
      try POSIX.syncDirectory(url.deletingLastPathComponent().path)
    } catch {
      throw StoreError(path: url.path, error)
    }
  }
}
