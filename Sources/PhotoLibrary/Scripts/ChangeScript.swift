import Foundation

/// A script of library changes, grouped into transactions with optional pauses between them:
/// what another app (Photos itself, iCloud, a camera import) does to the library while an app
/// observes it. Each transaction reaches every observer as one change notice, as one
/// `PHPhotoLibrary.performChanges` block of another app does on a device.
///
/// Read from text by ``parse(_:file:baseDirectory:)`` (the format is in
/// `docs/library-changes.md`) or built in code with ``Transaction``'s operations; checked
/// against a library and applied by ``ChangeScriptPlan``.
public struct ChangeScript: Sendable, Equatable {
  /// One step of a script: a transaction, or a pause before the next one.
  public enum Step: Sendable, Equatable {
    case transaction(Transaction)
    /// `wait 500ms`: a pause between two transactions.
    case wait(Duration, line: Int)
  }

  /// The script's name in messages (its file's path, or "script").
  public var source: String
  public var steps: [Step]

  public init(source: String = "script", steps: [Step] = []) {
    self.source = source
    self.steps = steps
  }

  /// The transactions, in order.
  public var transactions: [Transaction] {
    steps.compactMap { step in
      if case .transaction(let transaction) = step { return transaction }
      return nil
    }
  }
}

/// Changes applied together and announced as one notice (`transaction … end`, or one
/// operation on a line of its own).
public struct Transaction: Sendable, Equatable {
  /// The name after `transaction`, when given.
  public var name: String?
  /// The line the transaction starts on (0 when built in code).
  public var line: Int
  public var operations: [ChangeOperation]

  public init(name: String? = nil, line: Int = 0, operations: [ChangeOperation] = []) {
    self.name = name
    self.line = line
    self.operations = operations
  }

  /// "transaction 2 (import)" or "transaction 2", for messages and the dry run.
  func title(number: Int) -> String {
    "transaction \(number)" + (name.map { " (\($0))" } ?? "")
  }
}

/// One change of a transaction, with the script line it was read from (0 when built in code).
public struct ChangeOperation: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// `insert FILE [as NAME] [into ALBUM]`: a new asset from the file's bytes.
    case insert(file: URL, name: String?, album: String?)
    /// `delete ID`: the asset's files are removed.
    case delete(id: String)
    /// `modify ID with FILE`: the asset's file gets the bytes of FILE (same id).
    case modify(id: String, file: URL)
    /// `move ID to ALBUM` (album nil: `move ID out of ALBUM`, to the library root; `from`
    /// is then the album it must be in). The asset gets a new id: its new path.
    case move(id: String, album: String?, from: String?)
    /// `favourite`, `unfavourite`, `hide`, `unhide ID`.
    case attribute(LibraryAttributes.Attribute, Bool, id: String)
    /// `album create NAME`: an empty album folder.
    case createAlbum(String)
    /// `album rename OLD to NEW`: the folder is renamed; its assets get new ids.
    case renameAlbum(String, to: String)
    /// `album delete NAME`: as in Photos, the photos stay: they move to the library root
    /// (renamed "IMG_1 2.JPG" when the name is taken) and the folder goes.
    case deleteAlbum(String)
  }

  public var kind: Kind
  public var line: Int

  public init(_ kind: Kind, line: Int = 0) {
    self.kind = kind
    self.line = line
  }

  public static func insert(_ file: URL, as name: String? = nil, into album: String? = nil)
    -> Self
  { Self(.insert(file: file, name: name, album: album)) }
  public static func delete(_ id: String) -> Self { Self(.delete(id: id)) }
  public static func modify(_ id: String, with file: URL) -> Self {
    Self(.modify(id: id, file: file))
  }
  public static func move(_ id: String, to album: String) -> Self {
    Self(.move(id: id, album: album, from: nil))
  }
  public static func move(_ id: String, outOf album: String) -> Self {
    Self(.move(id: id, album: nil, from: album))
  }
  public static func favorite(_ id: String, _ value: Bool = true) -> Self {
    Self(.attribute(.favorite, value, id: id))
  }
  public static func hide(_ id: String, _ value: Bool = true) -> Self {
    Self(.attribute(.hidden, value, id: id))
  }
  public static func createAlbum(_ name: String) -> Self { Self(.createAlbum(name)) }
  public static func renameAlbum(_ name: String, to newName: String) -> Self {
    Self(.renameAlbum(name, to: newName))
  }
  public static func deleteAlbum(_ name: String) -> Self { Self(.deleteAlbum(name)) }
}
