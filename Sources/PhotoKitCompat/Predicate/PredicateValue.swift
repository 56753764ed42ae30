import Foundation

/// A value a fetch predicate compares: a key's value on an object, or a constant or argument
/// of the format string.
enum PredicateValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case date(Date)
  case list([PredicateValue])

  /// The value of a format argument: numbers, booleans, strings, dates, collections of them,
  /// PhotoKit objects (their `localIdentifier`, as `SELF` compares) and PhotoKit enums and
  /// option sets (their raw values). Nil for anything else.
  init?(argument: Any?) {
    guard let argument else {
      self = .null
      return
    }
    switch argument {
    case is NSNull: self = .null
    case let value as Bool: self = .bool(value)
    case let value as any BinaryInteger: self = .number(Double(value))
    case let value as any BinaryFloatingPoint: self = .number(Double(value))
    case let value as NSNumber: self = .number(value.doubleValue)
    case let value as String: self = .string(value)
    case let value as Substring: self = .string(String(value))
    case let value as NSString: self = .string(value as String)
    case let value as Date: self = .date(value)
    case let value as NSDate: self = .date(value as Date)
    case let value as PHObject: self = .string(value.localIdentifier)
    case let value as any RawRepresentable:
      guard let raw = PredicateValue(argument: value.rawValue as Any) else { return nil }
      self = raw
    case let value as [Any]: self.init(elements: value)
    case let value as Set<AnyHashable>: self.init(elements: Array(value))
    case let value as NSArray: self.init(elements: value.map { $0 })
    case let value as NSSet: self.init(elements: value.allObjects)
    case let value as PHFetchResult<PHAsset>:
      self = .list(value.objects.map { .string($0.localIdentifier) })
    default:
      // An `Optional` wrapped in `Any` (an optional variable passed as an argument).
      let mirror = Mirror(reflecting: argument)
      guard mirror.displayStyle == .optional else { return nil }
      self.init(argument: mirror.children.first?.value)
    }
  }

  private init?(elements: [Any]) {
    var values: [PredicateValue] = []
    for element in elements {
      guard let value = PredicateValue(argument: element) else { return nil }
      values.append(value)
    }
    self = .list(values)
  }

  /// The number a boolean or number stands for (booleans are 0 and 1, as NSNumber's).
  var number: Double? {
    switch self {
    case .number(let value): value
    case .bool(let value): value ? 1 : 0
    default: nil
    }
  }

  /// The order sort descriptors use: nil and missing values first, values of one kind by
  /// value, values of different kinds equal.
  static func sortOrder(_ lhs: PredicateValue?, _ rhs: PredicateValue?) -> ComparisonResult {
    func order<T: Comparable>(_ lhs: T, _ rhs: T) -> ComparisonResult {
      lhs < rhs ? .orderedAscending : lhs > rhs ? .orderedDescending : .orderedSame
    }
    switch (lhs ?? .null, rhs ?? .null) {
    case (.null, .null): return .orderedSame
    case (.null, _): return .orderedAscending
    case (_, .null): return .orderedDescending
    case (.string(let left), .string(let right)): return order(left, right)
    case (.date(let left), .date(let right)): return order(left, right)
    case (let left, let right):
      guard let leftNumber = left.number, let rightNumber = right.number else {
        return .orderedSame
      }
      return order(leftNumber, rightNumber)
    }
  }

  /// How the value is written in a format string (for messages).
  var formatDescription: String {
    switch self {
    case .null: "nil"
    case .bool(let value): value ? "YES" : "NO"
    case .number(let value):
      value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    case .string(let value): "\"\(value)\""
    case .date(let value): "CAST(\(value.timeIntervalSinceReferenceDate), \"NSDate\")"
    case .list(let values): "{" + values.map(\.formatDescription).joined(separator: ", ") + "}"
    }
  }
}
