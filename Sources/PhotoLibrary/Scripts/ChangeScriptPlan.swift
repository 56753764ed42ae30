import FileSystem
import Foundation

/// A ``ChangeScript`` checked against a library: every operation is valid in order (ids and
/// albums exist, names are free, files are images), and each transaction knows what it will do
/// to the folder and what observers will hear. Making a plan reads the library and the
/// script's files and touches nothing: it is the dry run. ``apply(waiting:afterTransaction:)``
/// performs it.
public struct ChangeScriptPlan: Sendable {
  /// The script planned.
  public let script: ChangeScript
  /// The library it applies to.
  public let library: FolderLibrary
  /// Each transaction with its effect, and the waits between them, in order.
  public let steps: [Step]

  /// One step: a planned transaction, or a pause.
  public enum Step: Sendable {
    case transaction(PlannedTransaction)
    case wait(Duration)
  }

  /// The planned transactions, in order.
  public var transactions: [PlannedTransaction] {
    steps.compactMap { step in
      if case .transaction(let planned) = step { return planned }
      return nil
    }
  }

  /// Plans `script` over `library` as it is now. Throws ``ChangeScriptError`` naming the
  /// script line of the first operation that cannot be applied.
  public init(_ script: ChangeScript, library: FolderLibrary) throws(ChangeScriptError) {
    self.script = script
    self.library = library
    let fresh = FolderLibrary(
      root: library.root, timeZone: library.timeZone, attributesStore: library.attributesStore,
      index: library.index)
    let scan = fresh.scan()
    if let error = scan.rootError {
      throw ChangeScriptError(source: script.source, line: 0, reason: error.reason)
    }
    let attributes: LibraryAttributes
    do {
      attributes =
        try fresh.attributesStore?.load() ?? LibraryAttributes(library: library.root.path)
    } catch {
      throw ChangeScriptError(
        source: script.source, line: 0, reason: "the favourites cannot be read: \(error)")
    }
    var model = PlanModel(root: library.root, assets: attributes.apply(to: scan.assets).array)
    model.keepsAttributes = library.attributesStore != nil
    model.timeZone = library.timeZone
    var steps: [Step] = []
    var number = 0
    for step in script.steps {
      switch step {
      case .wait(let duration, _): steps.append(.wait(duration))
      case .transaction(let transaction):
        number += 1
        let before = model.listing()
        let snapshot = model.assets
        var actions: [PlannedAction.Lined] = []
        var announced: [String] = []
        for operation in transaction.operations {
          do {
            let planned = try model.plan(operation.kind)
            actions += planned.actions.map { PlannedAction.Lined(action: $0, line: operation.line) }
            announced += planned.announced
          } catch {
            throw ChangeScriptError(
              source: script.source, line: operation.line, reason: error.reason)
          }
        }
        steps.append(
          .transaction(
            PlannedTransaction(
              number: number, transaction: transaction,
              change: PlanModel.difference(from: snapshot, to: model.assets),
              announced: Array(Set(announced)).sorted(), actions: actions, before: before,
              after: model.listing())))
      }
    }
    self.steps = steps
  }
}

/// One transaction of a plan: what it does to the folder and what observers hear.
public struct PlannedTransaction: Sendable {
  /// The transaction's place in the script (1 for the first).
  public var number: Int
  public var transaction: Transaction
  /// What every observer with full access hears (ids inserted, removed, changed), once.
  public var change: LibraryChange
  /// The ids whose favourite or hidden flag changed (announced by the ``TransactionMarker``).
  public var announced: [String]
  /// What is done to the folder and the favourites, in order, with the script line asking.
  var actions: [PlannedAction.Lined]
  /// The library's assets before and after, newest first.
  public var before: [ListedAsset]
  public var after: [ListedAsset]

  /// "transaction 2 (import)".
  public var title: String { transaction.title(number: number) }
}

/// An asset as a listing orders and filters it: by creation date (then id), hidden or not.
public struct ListedAsset: Sendable, Equatable, Hashable {
  public var id: String
  public var creationDate: Date
  public var isHidden: Bool
  public var isFavorite: Bool
}

/// One step of applying a transaction (paths relative to the library root).
enum PlannedAction: Sendable, Equatable {
  /// A new file with the bytes of `source` (a durable write: no half-written file is visible).
  case write(source: URL, to: String)
  case remove(String)
  /// A rename within the library (files and album folders), parents created first.
  case rename(String, to: String)
  case makeFolder(String)
  /// Removes the folder and the empty folders below it, when nothing else is left in them.
  case removeFolderIfEmpty(String)
  case attribute(LibraryAttributes.Attribute, Bool, id: String)

  /// The paths the action touches (relative to the root).
  var paths: [String] {
    switch self {
    case .write(_, let path), .remove(let path), .makeFolder(let path),
      .removeFolderIfEmpty(let path):
      [path]
    case .rename(let from, let to): [from, to]
    case .attribute: []
    }
  }

  /// An action with the script line of its operation.
  struct Lined: Sendable, Equatable {
    var action: PlannedAction
    var line: Int
  }
}
