import FileSystem
import Foundation
import ImageDecoding

/// Reading and copying the files PhotoKit's and PhotosUI's stand-ins hand out or take in (an
/// asset's bytes, a resource, a file to import, an item provider's file) through the one file
/// layer.
///
/// Only a regular file is read: a FIFO, a device, a socket or a folder is refused at once
/// with an error naming it (nothing can block), and a whole-file read refuses a file larger
/// than ``limit`` (``DecodeLimits/maxFileBytes``, 512 MiB). ``forEachChunk(of:chunkSize:_:)``
/// and ``copy(_:to:)`` stream, so their peak memory does not follow the file's size. Every
/// error is a ``LibraryError`` naming the file and the reason.
public enum FileContents {
  /// The largest file a whole-file read accepts: the decoders' file limit.
  public static var limit: Int { DecodeLimits.default.maxFileBytes }

  /// The whole regular file at `url`, at most `limit` bytes.
  public static func data(of url: URL, limit: Int = FileContents.limit) throws(LibraryError)
    -> Data
  {
    do {
      return Data(try RegularFile.contents(of: url.path, limit: limit))
    } catch {
      throw Self.error(url.path, error)
    }
  }

  /// Calls `body` with the regular file at `url`, `chunkSize` bytes at a time, until the end
  /// or until `body` returns false.
  public static func forEachChunk(
    of url: URL, chunkSize: Int, _ body: (Data) throws -> Bool
  ) throws {
    let file: RegularFile
    do {
      file = try RegularFile(path: url.path)
    } catch {
      throw Self.error(url.path, error)
    }
    defer { file.close() }
    var offset = 0
    while true {
      let chunk: [UInt8]
      do {
        chunk = try file.read(at: offset, count: chunkSize)
      } catch {
        throw Self.error(url.path, error)
      }
      if chunk.isEmpty { return }
      offset += chunk.count
      guard try body(Data(chunk)) else { return }
      if chunk.count < chunkSize { return }
    }
  }

  /// Copies the regular file at `source` to `destination` (which must not exist: it is never
  /// replaced), durably, in bounded chunks; nothing is left under `destination` on failure.
  public static func copy(_ source: URL, to destination: URL) throws(LibraryError) {
    let folder = POSIX.parentPath(of: destination.path)
    do throws(SystemError) {
      let file = try RegularFile(path: source.path)
      defer { file.close() }
      let temporary = try DurableFile.copyToTemporary(
        from: file, for: destination.lastPathComponent, in: folder, mode: 0o644)
      defer { unlink(temporary) }
      guard try DurableFile.publish(temporary, as: destination.path) else {
        throw SystemError(
          call: "link", code: EEXIST, path: destination.path, note: "already exists")
      }
    } catch {
      throw Self.error(error.path.isEmpty ? source.path : error.path, error)
    }
  }

  /// Throws unless the file at `url` is a regular file that can be opened for reading.
  public static func checkReadable(_ url: URL) throws(LibraryError) {
    do {
      try RegularFile(path: url.path).close()
    } catch {
      throw Self.error(url.path, error)
    }
  }

  /// Writes `data` to `url` atomically and durably (``DurableFile``), readable by the owner
  /// only.
  public static func write(_ data: Data, to url: URL) throws(LibraryError) {
    do {
      try DurableFile.write([UInt8](data), to: url.path, mode: 0o600)
    } catch {
      throw Self.error(url.path, error)
    }
  }

  /// Creates the folder at `url` and its missing parents (`mkdir -p`) with `mode`.
  public static func makeFolder(_ url: URL, mode: UInt32 = 0o700) throws(LibraryError) {
    do {
      try POSIX.makeDirectories(url.path, mode: mode_t(mode))
    } catch {
      throw Self.error(url.path, error)
    }
  }

  /// Removes the file at `url`, or the folder at `url` and everything in it; a missing one is
  /// no error. Symbolic links are removed, never followed.
  public static func remove(_ url: URL) {
    removeTree(url.path)
  }

  private static func removeTree(_ path: String) {
    guard let info = try? POSIX.entryInfo(path) else { return }
    if (info.st_mode & S_IFMT) == S_IFDIR {
      for name in (try? POSIX.listDirectory(path).names) ?? [] { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// Whether `url` is a folder (following symbolic links).
  public static func isFolder(_ url: URL) -> Bool {
    guard let info = try? POSIX.targetInfo(url.path) else { return false }
    return (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// The size in bytes of the file at `url` (following symbolic links), nil when it cannot
  /// be examined.
  public static func size(of url: URL) -> Int64? {
    (try? POSIX.targetInfo(url.path)).map { Int64($0.st_size) }
  }

  /// Whether something (a file, a folder, a link) is at `url`.
  public static func exists(_ url: URL) -> Bool { (try? POSIX.entryInfo(url.path)) != nil }

  private static func error(_ path: String, _ error: SystemError) -> LibraryError {
    LibraryError(.io, path: path, reason: error.note ?? "\(error.call) failed: \(error.reason)")
  }
}
