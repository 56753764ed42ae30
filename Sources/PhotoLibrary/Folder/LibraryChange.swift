/// What changed in the library since the last notice. Mirrors `PHChange` with its
/// `PHFetchResultChangeDetails` (`insertedObjects`, `removedObjects`, `changedObjects`),
/// reduced to asset ids.
public struct LibraryChange: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// Where a change comes from.
  public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Image files were added to, removed from or changed in the library folder.
    case library
    /// The app's limited-access selection changed (posted by the authorization model, not by
    /// the folder): `inserted` ids joined the selection, `removed` ids left it.
    case selection
  }

  public var kind: Kind
  /// Ids that appeared, sorted.
  public var inserted: [String]
  /// Ids that disappeared, sorted.
  public var removed: [String]
  /// Ids whose file changed (contents, size or times), sorted.
  public var changed: [String]

  public init(
    kind: Kind = .library, inserted: [String] = [], removed: [String] = [], changed: [String] = []
  ) {
    self.kind = kind
    self.inserted = inserted
    self.removed = removed
    self.changed = changed
  }

  /// Whether nothing was inserted, removed or changed.
  public var isEmpty: Bool { inserted.isEmpty && removed.isEmpty && changed.isEmpty }

  /// "library: +a.jpg -b.jpg ~c.jpg".
  public var description: String {
    let parts =
      inserted.map { "+" + $0 } + removed.map { "-" + $0 } + changed.map { "~" + $0 }
    return "\(kind.rawValue): " + parts.joined(separator: " ")
  }
}
