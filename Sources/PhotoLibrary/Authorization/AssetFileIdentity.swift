import FileSystem

/// What makes the file at an asset id that asset, and not a newer file saved under the same
/// name: the file's inode number and birth time (see `docs/permission-model.md`, "What an
/// asset id names").
///
/// iOS never reuses a `PHAsset.localIdentifier`; here an id is a path, which a later file can
/// take. Every record that grants or marks an asset (the limited selection, the app's own
/// creations, favourites, hidden, persistent change tokens) keeps this with the id, and an id
/// whose file has another identity now is a new asset that none of them names. Written as 16
/// hexadecimal digits (a 64-bit digest).
public struct AssetFileIdentity: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The digest (see `FileIdentity`).
  public let value: UInt64

  public init(value: UInt64) { self.value = value }

  package init(_ identity: FileIdentity) { value = identity.value }

  /// Parses 16 hexadecimal digits; nil for anything else.
  public init?(_ text: String) {
    guard text.utf8.count == 16, let value = UInt64(text, radix: 16) else { return nil }
    self.value = value
  }

  /// 16 lower-case hexadecimal digits.
  public var description: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let identity = AssetFileIdentity(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a file identity (16 hex digits)")
    }
    self = identity
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// The file identity recorded with each of a set of asset ids: what makes each id the asset
/// that was selected, created, marked or seen. Ids compare by their bytes (``AssetIDKey``).
///
/// An id recorded without an identity (by an older PhotoGate, or for an asset of a library
/// that has no files) is bare: it names whatever file is at its path until
/// ``AuthorizationState/reconcileFiles(with:)`` or the library's attributes adopt the identity
/// found at first read.
public struct AssetFileRecords: Sendable, Equatable, Codable {
  private var identities: [AssetIDKey: AssetFileIdentity] = [:]

  public init() {}

  /// The identity recorded for `id`, nil when it is bare.
  public subscript(id: String) -> AssetFileIdentity? {
    get { identities[AssetIDKey(id)] }
    set { identities[AssetIDKey(id)] = newValue }
  }

  public var isEmpty: Bool { identities.isEmpty }
  public var count: Int { identities.count }

  /// Whether `asset` is the asset recorded under its id: its file is the one recorded, or
  /// either side has no identity (a bare record, an asset of a library without files).
  public func admits(_ asset: Asset) -> Bool {
    guard let recorded = identities[AssetIDKey(asset.id)], let now = asset.fileIdentity else {
      return true
    }
    return recorded == now
  }

  /// What the record says of `asset`: `.same` file (or nothing to compare), `.bare` (no
  /// identity recorded, one to adopt), or `.replaced` (another file has its id now).
  func match(_ asset: Asset) -> Match {
    guard let now = asset.fileIdentity else { return .same }
    guard let recorded = identities[AssetIDKey(asset.id)] else { return .bare(now) }
    return recorded == now ? .same : .replaced
  }

  enum Match: Equatable {
    case same
    case bare(AssetFileIdentity)
    case replaced
  }

  /// Forgets the identities of ids not in `ids`.
  public mutating func keep(only ids: AssetIDSet) {
    identities = identities.filter { ids.contains($0.key.id) }
  }

  /// The records of the ids in `ids` only.
  public func restricted(to ids: AssetIDSet) -> AssetFileRecords {
    var copy = self
    copy.keep(only: ids)
    return copy
  }

  /// Decodes `{"id": "identity", …}`.
  public init(from decoder: any Decoder) throws {
    let stored = try [String: AssetFileIdentity](from: decoder)
    for (id, identity) in stored { identities[AssetIDKey(id)] = identity }
  }

  /// Encodes `{"id": "identity", …}` (JSON encoders given `.sortedKeys` sort it).
  public func encode(to encoder: any Encoder) throws {
    var stored: [String: AssetFileIdentity] = [:]
    for (key, identity) in identities { stored[key.id] = identity }
    try stored.encode(to: encoder)
  }
}
