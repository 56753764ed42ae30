import Foundation
import PhotoLibrary
import TerminalUI

/// What `changes apply` and `changes check` print: each transaction's change and, per app
/// with a state file, what its change observers receive.
struct ChangesReport {
  let plan: ChangeScriptPlan
  let previews: [ObserverPreview]
  let dryRun: Bool

  /// "2 transactions".
  var transactionCount: String {
    let count = plan.transactions.count
    return count == 1 ? "1 transaction" : "\(count) transactions"
  }

  /// "+a.jpg -b.jpg ~c.jpg", or "no change".
  static func ids(inserted: [String], removed: [String], changed: [String]) -> String {
    let parts = inserted.map { "+" + $0 } + removed.map { "-" + $0 } + changed.map { "~" + $0 }
    return parts.isEmpty ? "no change" : TerminalSafe.escape(parts.joined(separator: " "))
  }

  /// "500ms", "2s".
  static func format(_ duration: Duration) -> String {
    let milliseconds = milliseconds(duration)
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
  }

  /// The duration in whole milliseconds.
  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }

  /// One applied transaction's line.
  func text(for planned: PlannedTransaction) -> String {
    "\(name: planned.title): "
      + Self.ids(
        inserted: planned.change.inserted, removed: planned.change.removed,
        changed: planned.change.changed)
  }

  /// The dry run: every step, and under each transaction every app's notice.
  var dryRunText: String {
    var lines = [
      "dry run of \(name: plan.script.source) on \(name: plan.library.root.path): nothing is changed"
    ]
    for step in plan.steps {
      switch step {
      case .wait(let duration): lines.append("wait \(Self.format(duration))")
      case .transaction(let planned):
        lines.append(text(for: planned))
        for preview in previews {
          let notice = preview.notices[planned.number - 1]
          let heard =
            notice.isDelivered
            ? Self.ids(inserted: notice.inserted, removed: notice.removed, changed: notice.changed)
              + "; all photos \(notice.before.count) → \(notice.after.count)"
              + Self.indexes(notice.diff)
            : "no notice"
          lines.append("  \(name: preview.app) (\(name: preview.access)): \(heard)")
        }
      }
    }
    if previews.isEmpty { lines.append("(no app has a state file: no observer to show)") }
    return lines.joined(separator: "\n")
  }

  /// " (inserted 0; changed 3, 4; moved 1→2)": the fetch's index changes, nothing when none.
  static func indexes(_ diff: ListingDiff) -> String {
    guard diff.isIncremental else { return " (not incremental: reload)" }
    func list(_ indexes: IndexSet) -> String { indexes.map(String.init).joined(separator: ", ") }
    let parts = [
      ("removed", list(diff.removedIndexes)), ("inserted", list(diff.insertedIndexes)),
      ("changed", list(diff.changedIndexes)),
      ("moved", diff.moves.map(\.description).joined(separator: ", ")),
    ].filter { !$0.1.isEmpty }.map { "\($0.0) \($0.1)" }
    return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
  }

  // MARK: JSON

  struct Output: Encodable {
    var script: String
    var library: String
    var dryRun: Bool
    var steps: [Step]
  }

  /// A transaction or a wait, told apart by `kind`.
  enum Step: Encodable {
    case transaction(TransactionStep)
    case wait(WaitStep)

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .transaction(let step): try step.encode(to: encoder)
      case .wait(let step): try step.encode(to: encoder)
      }
    }
  }

  struct TransactionStep: Encodable {
    var kind = "transaction"
    var number: Int
    var name: NullableString
    var line: Int
    var inserted: [String]
    var removed: [String]
    var changed: [String]
    var apps: [App]
  }

  struct WaitStep: Encodable {
    var kind = "wait"
    var milliseconds: Int
  }

  struct App: Encodable {
    var app: String
    var access: String
    var delivered: Bool
    var inserted: [String]
    var removed: [String]
    var changed: [String]
    var countBefore: Int
    var countAfter: Int
    /// The "all photos" fetch's change details, as `PHFetchResultChangeDetails` gives them.
    var incremental: Bool
    var removedIndexes: [Int]
    var insertedIndexes: [Int]
    var changedIndexes: [Int]
    var moves: [Move]
  }

  struct Move: Encodable {
    var from: Int
    var to: Int
  }

  var json: Output {
    let steps = plan.steps.map { step -> Step in
      switch step {
      case .wait(let duration):
        return .wait(WaitStep(milliseconds: Self.milliseconds(duration)))
      case .transaction(let planned):
        return .transaction(
          TransactionStep(
            number: planned.number, name: NullableString(planned.transaction.name),
            line: planned.transaction.line, inserted: planned.change.inserted,
            removed: planned.change.removed, changed: planned.change.changed,
            apps: previews.map { preview in
              let notice = preview.notices[planned.number - 1]
              return App(
                app: preview.app, access: preview.access, delivered: notice.isDelivered,
                inserted: notice.inserted, removed: notice.removed, changed: notice.changed,
                countBefore: notice.before.count, countAfter: notice.after.count,
                incremental: notice.diff.isIncremental,
                removedIndexes: Array(notice.diff.removedIndexes),
                insertedIndexes: Array(notice.diff.insertedIndexes),
                changedIndexes: Array(notice.diff.changedIndexes),
                moves: notice.diff.moves.map { Move(from: $0.from, to: $0.to) })
            }))
      }
    }
    return Output(
      script: plan.script.source, library: plan.library.root.path, dryRun: dryRun, steps: steps)
  }
}
