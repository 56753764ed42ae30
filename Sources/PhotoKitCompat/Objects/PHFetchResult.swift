import Foundation

/// An ordered list of library objects from a fetch. Mirrors `PHFetchResult`.
///
/// A snapshot: it does not change when the library does. `PHChange.changeDetails(for:)`
/// refetches it with the same query and options and tells what changed.
public final class PHFetchResult<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
  let objects: [ObjectType]
  /// Runs the same fetch again (for change details).
  let query: (@Sendable () -> [ObjectType])?

  init(_ objects: [ObjectType], query: (@Sendable () -> [ObjectType])? = nil) {
    self.objects = objects
    self.query = query
    super.init()
  }

  /// An empty fetch result.
  public override convenience init() { self.init([]) }

  public var count: Int { objects.count }

  /// The object at `index`; traps outside `0..<count`, as PhotoKit raises a range exception.
  public func object(at index: Int) -> ObjectType {
    precondition(
      objects.indices.contains(index),
      "PHFetchResult index \(index) beyond bounds [0 .. \(objects.count - 1)]")
    return objects[index]
  }

  public subscript(index: Int) -> ObjectType { object(at: index) }

  public var firstObject: ObjectType? { objects.first }
  public var lastObject: ObjectType? { objects.last }

  public func objects(at indexes: IndexSet) -> [ObjectType] { indexes.map { object(at: $0) } }

  public func contains(_ anObject: ObjectType) -> Bool { index(of: anObject) != NSNotFound }

  /// The first index of an object equal to `anObject`, or `NSNotFound`.
  public func index(of anObject: ObjectType) -> Int {
    objects.firstIndex { Self.same($0, anObject) } ?? NSNotFound
  }

  /// The first index of an object equal to `anObject` within `range`, or `NSNotFound`.
  /// Mirrors `index(of:in:)`.
  public func index(of anObject: ObjectType, in range: NSRange) -> Int {
    let lower = max(0, range.location)
    let upper = min(objects.count, range.location + range.length)
    guard lower < upper else { return NSNotFound }
    return objects[lower..<upper].firstIndex { Self.same($0, anObject) } ?? NSNotFound
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
    var stop: ObjCBool = false
    let indices =
      opts.contains(.reverse) ? Array(objects.indices.reversed()) : Array(objects.indices)
    for index in indices {
      block(objects[index], index, &stop)
      if stop.boolValue { return }
    }
  }

  /// `enumerateObjects(options:using:)` over the objects at `indexes` only.
  public func enumerateObjects(
    at indexes: IndexSet, options opts: NSEnumerationOptions = [],
    using block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void
  ) {
    var stop: ObjCBool = false
    let ordered = opts.contains(.reverse) ? Array(indexes.reversed()) : Array(indexes)
    for index in ordered {
      block(object(at: index), index, &stop)
      if stop.boolValue { return }
    }
  }

  /// How many assets of `mediaType` the result holds.
  public func countOfAssets(with mediaType: PHAssetMediaType) -> Int {
    objects.filter { ($0 as? PHAsset)?.mediaType == mediaType }.count
  }

  /// The identifier change details match objects by.
  static func identifier(of object: ObjectType) -> String {
    (object as? PHObject)?.localIdentifier ?? "\(ObjectIdentifier(object))"
  }

  static func same(_ lhs: ObjectType, _ rhs: ObjectType) -> Bool {
    if let lhs = lhs as? NSObject, let rhs = rhs as? NSObject { return lhs.isEqual(rhs) }
    return lhs === rhs
  }
}
