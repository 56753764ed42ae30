/// A set of asset ids compared as the file system compares names: by their bytes.
///
/// Swift's `String` equality treats canonically equivalent spellings as equal (`café` written
/// with a precomposed `é` and with `e` plus a combining accent), but on Linux those are two
/// different files, and so two different assets. Every set of ids that grants access (the
/// limited selection, the app's own creations) is one of these, so that selecting one of two
/// such files never shows the other.
public struct AssetIDSet: Sendable, Hashable, ExpressibleByArrayLiteral, Sequence, Codable {
  private var keys: Set<AssetIDKey>

  public init<S: Sequence<String>>(_ ids: S) { keys = Set(ids.map(AssetIDKey.init)) }

  public init(arrayLiteral ids: String...) { self.init(ids) }

  /// Whether `id`, byte for byte, is in the set.
  public func contains(_ id: String) -> Bool { keys.contains(AssetIDKey(id)) }

  public var count: Int { keys.count }
  public var isEmpty: Bool { keys.isEmpty }

  public func makeIterator() -> some IteratorProtocol<String> { keys.lazy.map(\.id).makeIterator() }

  /// Adds `id`; returns whether it was new.
  @discardableResult
  public mutating func insert(_ id: String) -> Bool { keys.insert(AssetIDKey(id)).inserted }

  /// Removes `id`; returns whether it was there.
  @discardableResult
  public mutating func remove(_ id: String) -> Bool { keys.remove(AssetIDKey(id)) != nil }

  public mutating func formUnion(_ ids: some Sequence<String>) {
    for id in ids { insert(id) }
  }

  public mutating func subtract(_ ids: some Sequence<String>) {
    for id in ids { remove(id) }
  }

  public func union(_ other: AssetIDSet) -> AssetIDSet {
    var union = self
    union.keys.formUnion(other.keys)
    return union
  }

  /// The ids of this set that are not in `other`.
  public func subtracting(_ other: AssetIDSet) -> AssetIDSet {
    var rest = self
    rest.keys.subtract(other.keys)
    return rest
  }

  /// Keeps only the ids `keep` says yes to.
  public mutating func keep(where keep: (String) -> Bool) {
    keys = keys.filter { keep($0.id) }
  }

  /// Decodes a list of ids (the order does not matter).
  public init(from decoder: any Decoder) throws {
    self.init(try [String](from: decoder))
  }

  /// Encodes the ids as a sorted list, so that a stored file is stable and diffable.
  public func encode(to encoder: any Encoder) throws {
    try sorted().encode(to: encoder)
  }
}

/// An asset id as a dictionary or set key, equal only to the same bytes.
public struct AssetIDKey: Sendable, Hashable {
  public let id: String

  public init(_ id: String) { self.id = id }

  public static func == (lhs: AssetIDKey, rhs: AssetIDKey) -> Bool {
    // Native strings keep their bytes in one buffer: compare those at once.
    let contiguous = lhs.id.utf8.withContiguousStorageIfAvailable { left in
      rhs.id.utf8.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
    }
    return (contiguous ?? nil) ?? lhs.id.utf8.elementsEqual(rhs.id.utf8)
  }

  public func hash(into hasher: inout Hasher) {
    let hashed: Void? = id.utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if hashed == nil { Array(id.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
  }
}
