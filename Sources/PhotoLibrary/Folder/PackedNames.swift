/// A folder's file names in the order of their UTF-8 bytes, front-coded: each name is kept as
/// the bytes it shares with the name before it (a count) and the rest, and every 16th name
/// whole, so that a name is found by halving over those and reading at most 16. The names of a
/// camera's folder ("IMG_0001.HEIC", "IMG_0002.HEIC") share most of their bytes: a name takes
/// a few bytes where a `String` takes 16 (the watcher's snapshot holds a name for every file
/// of the library). Made once from a sorted list; read-only.
struct PackedNames: Sendable, Equatable, Sequence {
  /// Each name: the count of bytes shared with the one before (0 for every 16th), the count
  /// of the rest, then the rest.
  private let bytes: [UInt8]
  /// Where each 16th name starts in ``bytes``.
  private let restarts: [UInt32]
  let count: Int

  /// The bytes the names take.
  var byteCount: Int { bytes.count + restarts.count * MemoryLayout<UInt32>.size }

  /// How many names follow a whole one.
  private static let interval = 16

  /// The names of `names`, which are in byte order and distinct; nil when one is longer than
  /// 255 bytes (no file name on Linux is) or the list is too large to address.
  init?(_ names: [String]) {
    var bytes: [UInt8] = []
    var restarts: [UInt32] = []
    restarts.reserveCapacity((names.count + Self.interval - 1) / Self.interval)
    var previous: [UInt8] = []
    previous.reserveCapacity(255)
    for (position, name) in names.enumerated() {
      var name = name
      let fits = name.withUTF8 { current -> Bool in
        guard current.count <= 255, bytes.count < UInt32.max else { return false }
        var shared = 0
        if position % Self.interval == 0 {
          restarts.append(UInt32(bytes.count))
        } else {
          let limit = Swift.min(previous.count, current.count)
          while shared < limit, previous[shared] == current[shared] { shared += 1 }
        }
        bytes.append(UInt8(shared))
        bytes.append(UInt8(current.count - shared))
        bytes.append(contentsOf: current[shared...])
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: current)
        return true
      }
      guard fits else { return nil }
    }
    self.bytes = bytes.withUnsafeBufferPointer { [UInt8]($0) }
    self.restarts = restarts
    count = names.count
  }

  /// What it is made of: the coded names, where each 16th starts, and how many there are
  /// (what ``init(parts:)`` takes back).
  var parts: (bytes: [UInt8], restarts: [UInt32], count: Int) { (bytes, restarts, count) }

  /// The names whose ``parts`` are `parts`.
  init(parts: (bytes: [UInt8], restarts: [UInt32], count: Int)) {
    (bytes, restarts, count) = parts
  }

  /// The position of the name whose bytes are `name`'s, if it is there.
  func position(of name: String) -> Int? {
    var name = name
    return name.withUTF8 { target -> Int? in
      guard !restarts.isEmpty else { return nil }
      // The last whole name not after the target.
      var low = 0
      var high = restarts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if Self.order(wholeNameAt: Int(restarts[middle]), in: bytes, target) <= 0 {
          low = middle
        } else {
          high = middle - 1
        }
      }
      var iterator = Iterator(bytes, from: Int(restarts[low]))
      var position = low * Self.interval
      while position < count, position < (low + 1) * Self.interval {
        let order = iterator.advance { name in
          name.elementsEqual(target) ? 0 : name.lexicographicallyPrecedes(target) ? -1 : 1
        }
        if order == 0 { return position }
        if order > 0 { return nil }
        position += 1
      }
      return nil
    }
  }

  /// The order of the whole name at `offset` of `bytes` and `target`, by their bytes.
  private static func order(
    wholeNameAt offset: Int, in bytes: [UInt8], _ target: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let length = Int(bytes[offset + 1])
    return bytes.withUnsafeBufferPointer { bytes in
      let name = UnsafeBufferPointer(rebasing: bytes[(offset + 2)..<(offset + 2 + length)])
      if name.elementsEqual(target) { return 0 }
      return name.lexicographicallyPrecedes(target) ? -1 : 1
    }
  }

  /// Reads the names in order, each made whole from the one before.
  struct Iterator: IteratorProtocol {
    private let bytes: [UInt8]
    private var offset: Int
    private var current: [UInt8] = []

    fileprivate init(_ bytes: [UInt8], from offset: Int) {
      self.bytes = bytes
      self.offset = offset
      current.reserveCapacity(255)
    }

    /// Moves to the next name and gives `body` its bytes.
    fileprivate mutating func advance<Result>(_ body: ([UInt8]) -> Result) -> Result {
      let shared = Int(bytes[offset])
      let rest = Int(bytes[offset + 1])
      current.removeSubrange(shared...)
      current += bytes[(offset + 2)..<(offset + 2 + rest)]
      offset += 2 + rest
      return body(current)
    }

    mutating func next() -> String? {
      guard offset < bytes.count else { return nil }
      return advance { String(decoding: $0, as: UTF8.self) }
    }
  }

  func makeIterator() -> Iterator { Iterator(bytes, from: 0) }
}
