/// The assets of a listing, newest first, held as pieces of shared, immutable storage: what a
/// `PHFetchResult` of the whole library stands on.
///
/// A listing changes by a few assets at a time (a photo saved, a folder copied in) while the
/// app still shows the one before. A new listing made by ``Builder`` shares every run of the
/// old one that did not change, and copies only the assets around a change: a change of a
/// hundred photos in a million costs a few chunks, not a second million. Read-only; a new
/// listing is built, not edited.
///
/// Reading by position finds the piece from the pieces' mean length (a list built in chunks:
/// at once), else by binary search over their ends; iterating, and ``withPieces(_:)``, walk
/// the pieces in order.
public struct AssetList: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
  /// Assets stored together, shared by the listings that hold a run of them.
  final class Chunk: Sendable {
    let assets: [Asset]

    init(_ assets: [Asset]) { self.assets = assets }

    /// Whether the two hold one array's storage.
    func storesSame(as other: Chunk) -> Bool {
      assets.withUnsafeBufferPointer { mine in
        other.assets.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
      }
    }
  }

  /// A run of a chunk's assets.
  struct Piece: Sendable {
    let chunk: Chunk
    let range: Range<Int>
  }

  private let pieces: [Piece]
  /// Each piece's end, as a position in the list.
  private let ends: [Int]

  /// The assets built in chunks of this many.
  static let chunkLength = 8192
  /// A run of an older listing shorter than this is copied rather than shared: pieces stay
  /// few (at most one for every this many assets, and chunk), and a position is found in a
  /// few steps.
  static let shortestShared = 64

  /// An empty list.
  public init() {
    self.init(pieces: [])
  }

  /// A list of `assets`, stored as they are (no copy).
  public init(_ assets: [Asset]) {
    self.init(pieces: assets.isEmpty ? [] : [Piece(chunk: Chunk(assets), range: assets.indices)])
  }

  /// A list of `assets`: a copy of them, unless they are a list already (then shared).
  public init(_ assets: some Sequence<Asset>) {
    if let list = assets as? AssetList {
      self = list
      return
    }
    var builder = Builder()
    for asset in assets { builder.append(asset) }
    self = builder.list
  }

  public init(arrayLiteral elements: Asset...) {
    self.init(elements)
  }

  private init(pieces: [Piece]) {
    self.pieces = pieces
    var ends: [Int] = []
    ends.reserveCapacity(pieces.count)
    var end = 0
    for piece in pieces {
      end += piece.range.count
      ends.append(end)
    }
    self.ends = ends
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ends.last ?? 0 }

  public subscript(position: Int) -> Asset {
    precondition(position >= 0 && position < endIndex, "AssetList index out of range")
    if pieces.count == 1 { return pieces[0].chunk.assets[pieces[0].range.lowerBound + position] }
    let piece = self.piece(holding: position)
    let start = piece == 0 ? 0 : ends[piece - 1]
    return pieces[piece].chunk.assets[pieces[piece].range.lowerBound + position - start]
  }

  /// The piece holding `position`: the first whose end is past it. Guessed from the pieces'
  /// mean length first (a list built in chunks is found at once), else found by halving.
  private func piece(holding position: Int) -> Int {
    var guess = Swift.min(ends.count - 1, position * ends.count / endIndex)
    for _ in 0..<2 {
      if ends[guess] <= position {
        guess += 1
      } else if guess > 0, ends[guess - 1] > position {
        guess -= 1
      } else {
        return guess
      }
    }
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] > position { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Walks the list's assets in order, piece by piece (no search for each position).
  public struct Iterator: IteratorProtocol {
    private let pieces: [Piece]
    private var piece = 0
    /// The current piece's chunk's assets (held here: reading one is reading an array).
    private var assets: [Asset]
    private var position: Int
    private var end: Int

    fileprivate init(_ pieces: [Piece]) {
      self.pieces = pieces
      assets = pieces.first?.chunk.assets ?? []
      position = pieces.first?.range.lowerBound ?? 0
      end = pieces.first?.range.upperBound ?? 0
    }

    public mutating func next() -> Asset? {
      if position < end {
        defer { position += 1 }
        return assets[position]
      }
      piece += 1
      guard piece < pieces.count else { return nil }
      assets = pieces[piece].chunk.assets
      (position, end) = (pieces[piece].range.lowerBound + 1, pieces[piece].range.upperBound)
      return assets[position - 1]
    }
  }

  public func makeIterator() -> Iterator { Iterator(pieces) }

  /// Calls `body` with each piece's assets in order, and the position of its first, read in
  /// place; stops when `body` returns false.
  public func withPieces(
    _ body: (_ assets: UnsafeBufferPointer<Asset>, _ start: Int) throws -> Bool
  ) rethrows {
    var start = 0
    for piece in pieces {
      let goOn = try piece.chunk.assets.withUnsafeBufferPointer { chunk in
        try body(UnsafeBufferPointer(rebasing: chunk[piece.range]), start)
      }
      guard goOn else { return }
      start += piece.range.count
    }
  }

  /// The assets as one array: the stored one when the list is a whole single chunk, else a
  /// copy.
  public var array: [Asset] {
    if pieces.count == 1, pieces[0].range == pieces[0].chunk.assets.indices {
      return pieces[0].chunk.assets
    }
    return [Asset](self)
  }

  /// Whether `other` holds the same runs of the same storage (then it is the same list,
  /// without comparing an asset): lists made of one array twice are.
  public func isSameStorage(as other: AssetList) -> Bool {
    pieces.count == other.pieces.count
      && zip(pieces, other.pieces).allSatisfy { mine, theirs in
        mine.range == theirs.range
          && (mine.chunk === theirs.chunk || mine.chunk.storesSame(as: theirs.chunk))
      }
  }

  /// How many pieces hold the list, and how many assets their chunks hold (shared runs keep
  /// their whole chunk): for tests and the benchmark.
  var storage: (pieces: Int, chunkedAssets: Int) {
    var seen = Set<ObjectIdentifier>()
    var held = 0
    for piece in pieces where seen.insert(ObjectIdentifier(piece.chunk)).inserted {
      held += piece.chunk.assets.count
    }
    return (pieces.count, held)
  }

  /// Builds a list by appending assets, and runs of other lists (shared, not copied).
  public struct Builder {
    private var pieces: [Piece] = []
    private var pending: [Asset] = []

    public init() {}

    /// Appends `asset`.
    public mutating func append(_ asset: Asset) {
      pending.append(asset)
      if pending.count == AssetList.chunkLength { seal() }
    }

    /// Appends `assets`.
    public mutating func append(contentsOf assets: some Sequence<Asset>) {
      for asset in assets { append(asset) }
    }

    /// Appends the assets of `list` at `positions`: shared when the run is long enough, else
    /// copied.
    public mutating func append(_ list: AssetList, _ positions: Range<Int>) {
      guard !positions.isEmpty else { return }
      var position = positions.lowerBound
      var piece = list.pieces.count == 1 ? 0 : list.piece(holding: position)
      while position < positions.upperBound {
        let start = piece == 0 ? 0 : list.ends[piece - 1]
        let end = Swift.min(list.ends[piece], positions.upperBound)
        let offset = list.pieces[piece].range.lowerBound - start
        share(list.pieces[piece].chunk, (position + offset)..<(end + offset))
        position = end
        piece += 1
      }
    }

    /// Appends the run `range` of `chunk`.
    private mutating func share(_ chunk: Chunk, _ range: Range<Int>) {
      guard range.count >= AssetList.shortestShared else {
        for position in range { append(chunk.assets[position]) }
        return
      }
      seal()
      if let last = pieces.last, last.chunk === chunk, last.range.upperBound == range.lowerBound {
        pieces[pieces.count - 1] = Piece(
          chunk: chunk, range: last.range.lowerBound..<range.upperBound)
      } else {
        pieces.append(Piece(chunk: chunk, range: range))
      }
    }

    /// Stores the appended assets as a chunk of their own.
    private mutating func seal() {
      guard !pending.isEmpty else { return }
      // Exactly the room the assets take, unless the spare room is small.
      let assets =
        pending.capacity - pending.count <= pending.count / 8
        ? pending : pending.withUnsafeBufferPointer { [Asset]($0) }
      pieces.append(Piece(chunk: Chunk(assets), range: assets.indices))
      pending = []
    }

    /// The list built. When shared runs keep more than twice the assets listed in their chunks
    /// (most of an older listing removed), the assets are copied into chunks of their own, so
    /// that the old chunks can go.
    public var list: AssetList {
      var builder = self
      builder.seal()
      let list = AssetList(pieces: builder.pieces)
      let held = list.storage.chunkedAssets
      guard held > 2 * list.count + AssetList.chunkLength else { return list }
      var compact = Builder()
      compact.append(contentsOf: list)
      compact.seal()
      return AssetList(pieces: compact.pieces)
    }
  }
}

extension AssetList: Hashable {
  public static func == (lhs: AssetList, rhs: AssetList) -> Bool {
    lhs.count == rhs.count && (lhs.isSameStorage(as: rhs) || lhs.elementsEqual(rhs))
  }

  /// Hashes the count and the first and last assets (equal lists agree on them; hashing a
  /// million assets would not pay).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(first)
    hasher.combine(last)
  }
}

extension AssetList: CustomStringConvertible, CustomDebugStringConvertible {
  public var description: String { Array(self).description }
  public var debugDescription: String { Array(self).debugDescription }
}
