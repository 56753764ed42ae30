import FileSystem
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Applying a plan: each transaction under the library's transaction lock, between an open
/// and a closed ``TransactionMarker``, so that every observer hears it as one notice.
extension ChangeScriptPlan {
  /// How long a transaction waits for another script's transaction on the same library.
  public static let lockTimeout = Duration.seconds(10)

  /// Applies the transactions in order, pausing with `waiting` at each `wait`. New files are
  /// written durably (hidden temporary, `fsync`, `rename`: no half-written file is ever
  /// visible); favourites and hidden flags go through the library's ``LibraryAttributesStore``.
  /// `afterAction` runs after each action of a transaction (its offset), while the
  /// transaction is open (tests use it to make something happen in the middle);
  /// `afterTransaction` runs once each has ended. An action that fails (a file removed since
  /// the plan was made) ends the transaction with what was done so far announced, and throws
  /// ``ChangeScriptError`` naming its line: the transactions before it stay applied.
  public func apply(
    waiting: (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    afterAction: (PlannedTransaction, Int) -> Void = { _, _ in },
    afterTransaction: (PlannedTransaction) async throws -> Void = { _ in }
  ) async throws {
    for step in steps {
      switch step {
      case .wait(let duration): try await waiting(duration)
      case .transaction(let planned):
        try applyTransaction(planned, afterAction: afterAction)
        try await afterTransaction(planned)
      }
    }
  }

  /// Applies one transaction (see ``apply(waiting:afterAction:afterTransaction:)``).
  public func applyTransaction(
    _ planned: PlannedTransaction, afterAction: (PlannedTransaction, Int) -> Void = { _, _ in }
  ) throws(ChangeScriptError) {
    let root = library.root.path
    let lockPath = (root as NSString).appendingPathComponent(TransactionMarker.fileName + ".lock")
    do {
      try FileLock.withExclusiveLock(at: lockPath, timeout: Self.lockTimeout) {
        let previous = TransactionMarker.read(root: root)
        let sequence = (previous?.sequence ?? 0) + 1
        let started = Date().timeIntervalSince1970
        var marker = TransactionMarker(
          isOpen: true, sequence: sequence, started: started, history: previous?.history ?? [])
        try marker.write(root: root)
        var complete = false
        defer {
          marker.isOpen = false
          marker.history.append(
            TransactionMarker.Entry(
              sequence: sequence, started: started, isComplete: complete,
              inserted: planned.change.inserted, removed: planned.change.removed,
              changed: planned.change.changed,
              paths: planned.actions.flatMap { $0.action.paths }))
          marker.history.removeFirst(
            max(0, marker.history.count - TransactionMarker.historyLimit))
          try? marker.write(root: root)
        }
        for (offset, lined) in planned.actions.enumerated() {
          do {
            try perform(lined.action)
          } catch {
            throw ChangeScriptError(source: script.source, line: lined.line, reason: "\(error)")
          }
          afterAction(planned, offset)
        }
        complete = true
      }
    } catch let error as ChangeScriptError {
      throw error
    } catch {
      throw ChangeScriptError(
        source: script.source, line: planned.transaction.line, reason: "\(error)")
    }
  }

  /// Does one action to the folder or the favourites.
  private func perform(_ action: PlannedAction) throws {
    func path(_ relative: String) -> String { library.root.appendingPathComponent(relative).path }
    switch action {
    case .write(let source, let target):
      // A regular file only, at most the script's largest file (the error names the file).
      let bytes = try RegularFile.contents(of: source.path, limit: Self.largestFile)
      try DurableFile.write(bytes, to: path(target), mode: 0o644)
    case .remove(let relative):
      guard unlink(path(relative)) == 0 else { throw ScriptIOError(call: "unlink", path(relative)) }
    case .rename(let from, let to):
      var info = stat()
      guard lstat(path(to), &info) != 0 else {
        throw ScriptIOError("\(path(to)) already exists")
      }
      guard rename(path(from), path(to)) == 0 else {
        throw ScriptIOError(call: "rename", path(from))
      }
    case .makeFolder(let relative):
      guard mkdir(path(relative), 0o755) == 0 || errno == EEXIST else {
        throw ScriptIOError(call: "mkdir", path(relative))
      }
    case .removeFolderIfEmpty(let relative):
      Self.removeEmptyFolders(path(relative))
    case .attribute(let attribute, let value, let id):
      guard let store = library.attributesStore else {
        throw ScriptIOError("this library keeps no favourites or hidden assets")
      }
      _ = try store.update { $0.set(attribute, value, for: [id]) }
    }
  }

  /// Removes `folder` and the folders below it that hold nothing (else leaves them).
  static func removeEmptyFolders(_ folder: String) {
    if let names = try? POSIX.listDirectory(folder).names {
      for name in names {
        let child = folder + "/" + name
        if let info = try? POSIX.entryInfo(child), info.st_mode & S_IFMT == S_IFDIR {
          removeEmptyFolders(child)
        }
      }
    }
    rmdir(folder)
  }
}

/// A failed file operation while applying a script.
struct ScriptIOError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) { self.description = description }

  /// `call` failed on `path`, with the reason `errno` gives.
  init(call: String, _ path: String) {
    description = "\(path): \(call) failed: \(String(cString: strerror(errno)))"
  }
}
