import Synchronization

/// The commits this process made to a library's state files (its attributes, its iCloud state)
/// and announced to its own observers at once, as PhotoKit does for an app's own change
/// request: a folder watcher of the same library that then reads the file skips what they
/// changed, so the process's observers do not hear one change twice. Another process's
/// commits are not here, and are announced by the watcher.
///
/// Shared by every copy of the library's ``LibraryAttributesStore`` (and the ``CloudStore``
/// beside it); the last ``limit`` commits are kept.
public final class AnnouncedStateCommits: Sendable {
  /// How many commits are kept (each with its value: a library's attributes may be large). A
  /// watcher looks within a second of a commit; more commits than this meanwhile are announced
  /// again by it, which costs an observer one more notice, nothing else.
  static let limit = 8

  private struct Entry: @unchecked Sendable {
    var file: String
    var previousGeneration: UInt64
    var generation: UInt64
    /// The value written (a `LibraryAttributes` or a `CloudState`).
    var value: any Sendable
  }

  private let entries = Mutex<[Entry]>([])

  public init() {}

  /// Records that `value` was written to `file` as `generation`, replacing `previousGeneration`,
  /// and announced by this process. Nothing when nothing was written.
  func record<Value: Sendable>(
    file: String, previousGeneration: UInt64, generation: UInt64, value: Value
  ) {
    guard generation != previousGeneration else { return }
    entries.withLock { entries in
      entries.append(
        Entry(
          file: file, previousGeneration: previousGeneration, generation: generation,
          value: value))
      if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }
  }

  /// The last generation of `file` (and its value) that announced commits lead to from
  /// `generation`, following them one after another; nil when no announced commit replaced
  /// `generation`.
  func announced<Value: Sendable>(
    after generation: UInt64, of file: String, as type: Value.Type
  ) -> (generation: UInt64, value: Value)? {
    entries.withLock { entries in
      var position = generation
      var found: (generation: UInt64, value: Value)?
      while let next = entries.last(where: {
        $0.file == file && $0.previousGeneration == position
      }), let value = next.value as? Value {
        found = (next.generation, value)
        position = next.generation
      }
      return found
    }
  }
}
