import ImageDecoding

/// A dictionary by asset id with a bound in bytes, as libvips' operation cache bounds its
/// memory: ``eviction(toBytes:keeping:)`` picks the entries stored longest ago first, and the
/// kept ones (the visible tiles) only when nothing else is left.
public struct PreviewCache<Value: ByteCounted>: Sendable, Sequence {
  private struct Entry: Sendable {
    var value: Value
    var stamp: UInt64
  }

  private var entries: [String: Entry] = [:]
  private var clock: UInt64 = 0
  /// The bytes all the values hold (``ByteCounted/byteCount``).
  public private(set) var byteCount = 0

  public init() {}

  public subscript(id: String) -> Value? {
    get { entries[id]?.value }
    set {
      if let old = entries[id] { byteCount -= old.value.byteCount }
      if let newValue {
        clock += 1
        entries[id] = Entry(value: newValue, stamp: clock)
        byteCount += newValue.byteCount
      } else {
        entries[id] = nil
      }
    }
  }

  public var count: Int { entries.count }
  public var isEmpty: Bool { entries.isEmpty }

  public func makeIterator() -> some IteratorProtocol<(key: String, value: Value)> {
    entries.lazy.map { (key: $0.key, value: $0.value.value) }.makeIterator()
  }

  /// The ids to drop, oldest first, so that at most `limit` bytes stay; ids in `kept` are
  /// never chosen (a bound is a target, and the screen wins over it).
  public func eviction(toBytes limit: Int, keeping kept: Set<String>) -> [String] {
    guard byteCount > limit else { return [] }
    var excess = byteCount - limit
    var out: [String] = []
    for (id, entry) in entries.sorted(by: { $0.value.stamp < $1.value.stamp })
    where !kept.contains(id) {
      guard excess > 0 else { break }
      out.append(id)
      excess -= entry.value.byteCount
    }
    return out
  }
}

/// A value whose memory a ``PreviewCache`` counts.
public protocol ByteCounted: Sendable {
  /// Roughly the bytes it holds.
  var byteCount: Int { get }
}

extension PixelImage: ByteCounted {
  public var byteCount: Int { pixels.count }
}

extension CellBuffer: ByteCounted {
  public var byteCount: Int { width * height * MemoryLayout<Cell>.stride }
}

extension Preview: ByteCounted {
  public var byteCount: Int {
    switch self {
    case .cells(let cells): return cells.byteCount
    case .graphic(let graphic): return graphic.image.pixels.count
    }
  }
}
