import Foundation
import PhotoLibrary

/// The state of the library an app saw: which assets it could see, which file each id named
/// and when it last changed. Mirrors `PHPersistentChangeToken` (iOS 16): opaque, copyable and
/// archivable with `NSKeyedArchiver` to compare against in a later launch.
public final class PHPersistentChangeToken: NSObject, NSSecureCoding, NSCopying,
  @unchecked Sendable
{
  /// What the token remembers of one visible asset.
  struct Seen: Sendable, Equatable, Codable {
    /// The file's modification time (0 when it has none).
    var modified: Double
    /// The file's identity: another file under the same id is another asset (deleted and
    /// inserted, never updated). Nil in a token archived by an older PhotoGate, or for an
    /// asset that is no file: then the id alone is compared.
    var file: AssetFileIdentity?

    /// Whether `other` is the same asset (the same file, or no identity to compare).
    func isSameAsset(as other: Seen) -> Bool {
      guard let file, let otherFile = other.file else { return true }
      return file == otherFile
    }
  }

  /// Visible asset id → what was seen of it.
  let snapshot: [String: Seen]

  init(snapshot: [String: Seen]) {
    self.snapshot = snapshot
    super.init()
  }

  public static var supportsSecureCoding: Bool { true }

  public func encode(with coder: NSCoder) {
    let data = try? JSONEncoder().encode(snapshot)
    coder.encode(data as NSData?, forKey: "assets")
  }

  /// Reads a token archived by this version, or one of an older PhotoGate (modification
  /// times only: its ids are compared without their files).
  public required init?(coder: NSCoder) {
    if let data = coder.decodeObject(of: NSData.self, forKey: "assets") as Data?,
      let snapshot = try? JSONDecoder().decode([String: Seen].self, from: data)
    {
      self.snapshot = snapshot
    } else if let data = coder.decodeObject(of: NSData.self, forKey: "snapshot") as Data?,
      let times = try? JSONDecoder().decode([String: Double].self, from: data)
    {
      self.snapshot = times.mapValues { Seen(modified: $0, file: nil) }
    } else {
      return nil
    }
    super.init()
  }

  public func copy(with zone: NSZone? = nil) -> Any { self }

  public override func isEqual(_ object: Any?) -> Bool {
    (object as? PHPersistentChangeToken)?.snapshot == snapshot
  }

  public override var hash: Int { snapshot.count }
}

/// The kinds of objects persistent changes are told for. Mirrors `PHObjectType`, raw values
/// included.
public enum PHObjectType: Int, Sendable, Equatable, Hashable {
  case asset = 1
  case assetCollection = 2
  case collectionList = 3
}

/// The identifiers inserted, updated and deleted in one change. Mirrors
/// `PHPersistentObjectChangeDetails`.
public final class PHPersistentObjectChangeDetails: NSObject, @unchecked Sendable {
  public let objectType: PHObjectType
  public let insertedLocalIdentifiers: Set<String>
  public let updatedLocalIdentifiers: Set<String>
  public let deletedLocalIdentifiers: Set<String>

  init(
    objectType: PHObjectType, inserted: Set<String>, updated: Set<String>, deleted: Set<String>
  ) {
    self.objectType = objectType
    insertedLocalIdentifiers = inserted
    updatedLocalIdentifiers = updated
    deletedLocalIdentifiers = deleted
    super.init()
  }
}

/// One change of the library since a token. Mirrors `PHPersistentChange`: the folder library
/// keeps no history, so the changes since a token come as one change comparing that state
/// with the current one (assets only; albums and lists report none).
public final class PHPersistentChange: NSObject, @unchecked Sendable {
  /// The state after this change.
  public let changeToken: PHPersistentChangeToken
  let before: [String: PHPersistentChangeToken.Seen]

  init(from before: [String: PHPersistentChangeToken.Seen], to after: PHPersistentChangeToken) {
    self.before = before
    changeToken = after
    super.init()
  }

  /// The identifiers changed for `objectType`.
  public func changeDetails(for objectType: PHObjectType) throws
    -> PHPersistentObjectChangeDetails
  {
    guard objectType == .asset else {
      return PHPersistentObjectChangeDetails(
        objectType: objectType, inserted: [], updated: [], deleted: [])
    }
    let after = changeToken.snapshot
    var inserted = Set(after.keys).subtracting(before.keys)
    var deleted = Set(before.keys).subtracting(after.keys)
    var updated: Set<String> = []
    for (id, now) in after {
      guard let then = before[id] else { continue }
      if !now.isSameAsset(as: then) {
        // A new file took the id: the asset seen then is gone, and this one is new.
        deleted.insert(id)
        inserted.insert(id)
      } else if now.modified != then.modified {
        updated.insert(id)
      }
    }
    return PHPersistentObjectChangeDetails(
      objectType: objectType, inserted: inserted, updated: updated, deleted: deleted)
  }
}

/// The changes since a token, oldest first. Mirrors `PHPersistentChangeFetchResult`.
public final class PHPersistentChangeFetchResult: NSObject, Sequence, @unchecked Sendable {
  let changes: [PHPersistentChange]

  init(_ changes: [PHPersistentChange]) {
    self.changes = changes
    super.init()
  }

  public typealias Element = PHPersistentChange

  public func makeIterator() -> Iterator { Iterator(fetchResult: self) }

  /// The changes one after the other. Mirrors `PHPersistentChangeFetchResult.Iterator`.
  public final class Iterator: IteratorProtocol {
    public typealias Element = PHPersistentChange
    private var remaining: ArraySlice<PHPersistentChange>

    public init(fetchResult: PHPersistentChangeFetchResult) {
      remaining = fetchResult.changes[...]
    }

    public func next() -> PHPersistentChange? { remaining.popFirst() }
  }

  /// Calls `block` with each change until it sets its stop flag.
  public func enumerateChanges(
    _ block: (PHPersistentChange, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    var stop = ObjCBool(false)
    for change in changes {
      block(change, &stop)
      if stop.boolValue { return }
    }
  }
}
