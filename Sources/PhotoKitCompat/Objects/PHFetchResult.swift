import Foundation

/// An ordered list of library objects from a fetch. Mirrors `PHFetchResult`.
///
/// A snapshot: it does not change when the library does. `PHChange.changeDetails(for:)`
/// refetches it with the same query and options and tells what changed.
///
/// Lazy, as PhotoKit's is: an asset fetch keeps the listing it was made from and makes each
/// object when first asked for (``object(at:)``, enumeration), so that `count`, the first and
/// last objects and a window of a million-asset fetch cost what they touch, not the million.
public final class PHFetchResult<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
  private let storage: Storage
  /// Runs the same fetch again (for change details).
  let query: (@Sendable () -> [ObjectType])?
  /// The options of the fetch (a copy), for change details; set once, before it is returned.
  var fetchOptions: PHFetchOptions?

  init(_ objects: [ObjectType], query: (@Sendable () -> [ObjectType])? = nil) {
    self.storage = Storage(objects)
    self.query = query
    super.init()
  }

  /// A result of `count` objects, the one at each index made by `make` when first asked for
  /// (and kept, so that the same object is returned again); `mediaType`, when given, tells an
  /// asset's media type without making it (for ``countOfAssets(with:)``).
  init(
    count: Int, make: @escaping @Sendable (Int) -> ObjectType,
    mediaType: (@Sendable (Int) -> PHAssetMediaType)? = nil,
    query: (@Sendable () -> [ObjectType])? = nil
  ) {
    self.storage = Storage(count: count, make: make, mediaType: mediaType)
    self.query = query
    super.init()
  }

  /// An empty fetch result.
  public override convenience init() { self.init([]) }

  public var count: Int { storage.count }

  /// Whether the objects are made when first asked for (else all were made by the fetch).
  var isLazy: Bool { storage.isLazy }

  /// Every object, in order (made now if the result is lazy).
  var objects: [ObjectType] { (0..<count).map { storage.object(at: $0) } }

  /// The object at `index`; traps outside `0..<count`, as PhotoKit raises a range exception.
  public func object(at index: Int) -> ObjectType {
    precondition(
      index >= 0 && index < count,
      "PHFetchResult index \(index) beyond bounds [0 .. \(count - 1)]")
    return storage.object(at: index)
  }

  public subscript(index: Int) -> ObjectType { object(at: index) }

  public var firstObject: ObjectType? { count > 0 ? storage.object(at: 0) : nil }
  public var lastObject: ObjectType? { count > 0 ? storage.object(at: count - 1) : nil }

  public func objects(at indexes: IndexSet) -> [ObjectType] { indexes.map { object(at: $0) } }

  public func contains(_ anObject: ObjectType) -> Bool { index(of: anObject) != NSNotFound }

  /// The first index of an object equal to `anObject`, or `NSNotFound`.
  public func index(of anObject: ObjectType) -> Int {
    index(of: anObject, in: NSRange(location: 0, length: count))
  }

  /// The first index of an object equal to `anObject` within `range`, or `NSNotFound`.
  /// Mirrors `index(of:in:)`.
  public func index(of anObject: ObjectType, in range: NSRange) -> Int {
    let lower = max(0, range.location)
    let upper = min(count, range.location + range.length)
    guard lower < upper else { return NSNotFound }
    return (lower..<upper).first { Self.same(storage.object(at: $0), anObject) } ?? NSNotFound
  }

  /// Calls `block` with each object and its index until it sets the stop flag.
  public func enumerateObjects(
    _ block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    enumerateObjects(options: [], using: block)
  }

  /// `enumerateObjects(_:)` with `.reverse` honoured (`.concurrent` runs in order).
  public func enumerateObjects(
    options opts: NSEnumerationOptions = [],
    using block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    enumerate(
      opts.contains(.reverse) ? AnySequence((0..<count).reversed()) : AnySequence(0..<count), block)
  }

  /// `enumerateObjects(options:using:)` over the objects at `indexes` only.
  public func enumerateObjects(
    at indexes: IndexSet, options opts: NSEnumerationOptions = [],
    using block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    for index in indexes { _ = object(at: index) }  // out of range traps before any call
    enumerate(
      opts.contains(.reverse) ? AnySequence(indexes.reversed()) : AnySequence(indexes), block)
  }

  /// Calls `block` with the objects at `indexes`, in that order, until it sets the stop flag.
  private func enumerate(
    _ indexes: AnySequence<Int>, _ block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    var stop: ObjCBool = false
    for index in indexes {
      block(storage.object(at: index), index, &stop)
      if stop.boolValue { return }
    }
  }

  /// How many assets of `mediaType` the result holds.
  public func countOfAssets(with mediaType: PHAssetMediaType) -> Int {
    if let type = storage.mediaType { return (0..<count).count { type($0) == mediaType } }
    return (0..<count).count { (storage.object(at: $0) as? PHAsset)?.mediaType == mediaType }
  }

  /// The identifier change details match objects by.
  static func identifier(of object: ObjectType) -> String {
    (object as? PHObject)?.localIdentifier ?? "\(ObjectIdentifier(object))"
  }

  static func same(_ lhs: ObjectType, _ rhs: ObjectType) -> Bool {
    if let lhs = lhs as? NSObject, let rhs = rhs as? NSObject { return lhs.isEqual(rhs) }
    return lhs === rhs
  }

  /// The objects of a result: all of them, or a count and a way to make each, keeping those
  /// made.
  ///
  /// Sendable by hand (`@unchecked`): the made objects are touched only under `lock`.
  private final class Storage: @unchecked Sendable {
    let count: Int
    private let make: (@Sendable (Int) -> ObjectType)?
    private var made: [Int: ObjectType] = [:]
    private let objects: [ObjectType]
    private let lock = NSLock()
    /// Each object's media type without making it, when the maker knows it.
    let mediaType: (@Sendable (Int) -> PHAssetMediaType)?

    init(_ objects: [ObjectType]) {
      self.objects = objects
      count = objects.count
      make = nil
      mediaType = nil
    }

    init(
      count: Int, make: @escaping @Sendable (Int) -> ObjectType,
      mediaType: (@Sendable (Int) -> PHAssetMediaType)?
    ) {
      self.count = count
      self.make = make
      self.mediaType = mediaType
      objects = []
    }

    var isLazy: Bool { make != nil }

    func object(at index: Int) -> ObjectType {
      guard let make else { return objects[index] }
      if let object = lock.withLock({ made[index] }) { return object }
      let object = make(index)
      return lock.withLock {
        if let earlier = made[index] { return earlier }
        made[index] = object
        return object
      }
    }
  }
}
