import FileSystem
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file that makes each transaction of a ``ChangeScript`` one change notice for every
/// observer of the library folder, in any process: `.photogate-transaction` in the library
/// root (hidden, so scans skip it).
///
/// A transaction begins by writing it open and ends by writing it closed, with an entry in
/// its ``history`` saying what the transaction inserted, removed and changed (favourite and
/// hidden flags included: they live in the state folder, where the folder's own difference
/// cannot see them) and which paths it touched. A folder watcher that hears events while the
/// marker is open waits for it to close, then looks once. When that look spans several
/// transactions (they followed each other faster than the watcher looks), the history splits
/// the difference back into one notice per transaction, in order; whatever no transaction
/// explains (a change made by other means meanwhile) comes as one more notice. An open marker
/// whose writer is gone (its process died) or older than ``openLimit`` is stale and holds
/// nobody back. Each write replaces the file atomically (`DurableFile`), so a reader never
/// sees half of one.
public struct TransactionMarker: Sendable, Equatable, Codable {
  /// The marker's file name in the library root.
  public static let fileName = ".photogate-transaction"
  /// The longest a transaction may hold observers back.
  public static let openLimit = Duration.seconds(30)
  /// How many ended transactions the history keeps.
  public static let historyLimit = 64

  /// Whether a transaction is being applied.
  public var isOpen: Bool
  /// The transaction being applied, or the last one (one more for each).
  public var sequence: UInt64
  /// The writer's process id.
  public var pid: Int32
  /// When the transaction began (seconds since 1970).
  public var started: Double
  /// The last transactions that ended, oldest first.
  public var history: [Entry]

  /// One ended transaction.
  public struct Entry: Sendable, Equatable, Codable {
    public var sequence: UInt64
    public var started: Double
    /// Whether every change of the transaction was made (false: it failed midway, and what
    /// it did is only known from the folder's difference).
    public var isComplete: Bool
    public var inserted: [String]
    public var removed: [String]
    public var changed: [String]
    /// Every path (file or folder, relative to the root) the transaction wrote, removed or
    /// renamed.
    public var paths: [String]

    /// Whether this entry ended after `other` (by start, then sequence).
    func isLater(than other: (sequence: UInt64, started: Double)) -> Bool {
      started != other.started ? started > other.started : sequence > other.sequence
    }
  }

  public init(
    isOpen: Bool, sequence: UInt64, pid: Int32 = getpid(),
    started: Double = Date().timeIntervalSince1970, history: [Entry] = []
  ) {
    self.isOpen = isOpen
    self.sequence = sequence
    self.pid = pid
    self.started = started
    self.history = history
  }

  /// The marker's path in the library `root`.
  public static func path(root: String) -> String {
    (root as NSString).appendingPathComponent(fileName)
  }

  /// The marker of the library at `root`, nil when there is none or it cannot be read.
  public static func read(root: String) -> TransactionMarker? {
    guard let bytes = try? RegularFile.contents(of: path(root: root), limit: 64 * 1024 * 1024)
    else { return nil }
    return try? JSONDecoder().decode(TransactionMarker.self, from: Data(bytes))
  }

  /// Writes the marker into the library at `root`, replacing the file atomically.
  func write(root: String) throws(SystemError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes = (try? encoder.encode(self)).map { [UInt8]($0) } ?? []
    try DurableFile.write(bytes, to: Self.path(root: root), mode: 0o644, durability: .renamed)
  }

  /// Whether observers should wait: the marker is open, its writer alive and it is younger
  /// than ``openLimit``.
  public var holdsObservers: Bool {
    guard isOpen else { return false }
    let age = Date().timeIntervalSince1970 - started
    let limit = Double(Self.openLimit.components.seconds)
    guard age >= -1, age < limit else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
  }

  /// Whether a transaction is being applied to the library at `root` now.
  public static func isHeld(root: String) -> Bool {
    read(root: root)?.holdsObservers ?? false
  }

  /// The last ended transaction, as a watcher remembers it.
  var last: (sequence: UInt64, started: Double)? {
    history.last.map { ($0.sequence, $0.started) }
  }

  /// `difference` (what a watcher saw change since its last look, which saw the transaction
  /// `seen` end last) as one notice per transaction ended since, each saying what the
  /// transaction did, and the rest: what none of them explains.
  func notices(
    for difference: LibraryChange, since seen: (sequence: UInt64, started: Double)?
  ) -> (transactions: [LibraryChange], rest: LibraryChange) {
    let entries = history.filter { entry in seen.map { entry.isLater(than: $0) } ?? true }
    var explained: Set<String> = []
    var notices: [LibraryChange] = []
    for entry in entries where entry.isComplete {
      explained.formUnion(entry.paths)
      explained.formUnion(entry.inserted + entry.removed + entry.changed)
      notices.append(
        LibraryChange(inserted: entry.inserted, removed: entry.removed, changed: entry.changed))
    }
    let rest = LibraryChange(
      inserted: difference.inserted.filter { !explained.contains($0) },
      removed: difference.removed.filter { !explained.contains($0) },
      changed: difference.changed.filter { !explained.contains($0) })
    return (notices.filter { !$0.isEmpty }, rest)
  }
}

extension LibraryChange {
  /// This change followed by `later`, as one.
  func followed(by later: LibraryChange) -> LibraryChange {
    LibraryChange(
      kind: kind, inserted: Array(Set(inserted + later.inserted)).sorted(),
      removed: Array(Set(removed + later.removed)).sorted(),
      changed: Array(Set(changed + later.changed)).sorted())
  }
}
