import Foundation

/// What a table or collection view stand-in knows of its data between updates, as UIKit keeps
/// it: the item counts it last read from the data source (read again lazily after
/// `reloadData()`), the batch being recorded, and what to do when a batch does not add up.
final class BatchUpdateState {
  let view: BatchUpdate.View
  /// The counts per section the view shows; nil until read (first use, after `reloadData()`).
  private var counts: [Int]?
  private var depth = 0
  /// The counts when the outermost open batch began.
  private var before: [Int] = []
  private var batch = BatchUpdate()
  private var completions: [(Bool) -> Void] = []
  /// Called with each inconsistency; nil stops the process as UIKit terminates the app.
  var handler: ((UIKitInconsistency) -> Void)?
  /// Reads the counts per section from the view's data source (set by the view).
  var read: () -> [Int] = { [] }

  init(_ view: BatchUpdate.View) { self.view = view }

  /// The counts shown, read from the data source when not known.
  var shown: [Int] {
    if let counts { return counts }
    let fresh = read()
    counts = fresh
    return fresh
  }

  /// The count shown for `section` (0 outside).
  func count(inSection section: Int) -> Int {
    let shown = shown
    return shown.indices.contains(section) ? shown[section] : 0
  }

  /// Forgets the counts: the next use reads the data source (`reloadData()`).
  func reload() { counts = nil }

  /// Records `operation`; outside a batch it is a batch of its own.
  func record(_ operation: BatchUpdate.Operation) {
    run({ self.batch.operations.append(operation) }, completion: nil)
  }

  /// Runs `updates` as one batch: the counts before are those shown (read now if unknown, as
  /// UIKit does before a batch), the counts after are read from the data source once the
  /// outermost batch's updates ran; the batch is then validated. Completions run, with true,
  /// once the outermost batch is applied; after an inconsistency they do not run, and the
  /// view shows the data source's counts as after `reloadData()`.
  func run(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
    begin()
    if let completion { completions.append(completion) }
    updates?()
    end()
  }

  /// Opens a batch (`beginUpdates()`); batches opened inside it join it.
  func begin() {
    if depth == 0 { before = shown }
    depth += 1
  }

  /// Closes a batch (`endUpdates()`); the outermost one is validated and applied.
  func end() {
    guard depth > 0 else { return }
    depth -= 1
    guard depth == 0 else { return }
    let finished = batch
    let pending = completions
    batch = BatchUpdate()
    completions = []
    let after = read()
    counts = after
    do {
      try finished.validate(view, before: before, after: after)
    } catch {
      raise(error)
      return
    }
    for completion in pending { completion(true) }
  }

  private func raise(_ inconsistency: UIKitInconsistency) {
    guard let handler else { fatalError(inconsistency.description) }
    handler(inconsistency)
  }
}
