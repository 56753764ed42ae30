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
            : "no notice"
          lines.append("  \(name: preview.app) (\(name: preview.access)): \(heard)")
        }
      }
    }
    if previews.isEmpty { lines.append("(no app has a state file: no observer to show)") }
    return lines.joined(separator: "\n")
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
                countBefore: notice.before.count, countAfter: notice.after.count)
            }))
      }
    }
    return Output(
      script: plan.script.source, library: plan.library.root.path, dryRun: dryRun, steps: steps)
  }
}
