import Foundation

#if !canImport(Darwin)
  /// `NSPredicate(format:)` for PhotoKit fetch options.
  ///
  /// swift-corelibs-foundation has no predicate strings (Foundation marks these initializers
  /// unavailable on Linux); these read the format language fetch options use (see
  /// `PredicateParser`) into a block predicate that evaluates PhotoKit objects by the keys
  /// PhotoKit supports, and remember the parsed form so that a fetch can refuse unsupported
  /// keys as PhotoKit does. Arguments are `Any` (arrays are not `CVarArg` on Linux). A format
  /// that does not parse is reported (the installed device's error handler; iOS raises) and
  /// matches nothing.
  extension NSPredicate {
    public convenience init(format predicateFormat: String, _ args: Any...) {
      self.init(format: predicateFormat, argumentArray: args)
    }

    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
      let expression: PredicateExpression
      do {
        expression = try PredicateParser.parse(
          predicateFormat, arguments: (arguments ?? []).map { $0 })
      } catch {
        PhotoKitDevice.current.report(PhotoKitDeviceError(error.description))
        expression = .constant(false)
      }
      self.init { object, _ in
        expression.evaluate { key in PhotoKitPredicateKeys.value(of: object, forKey: key) }
      }
      PhotoKitPredicates.register(self, expression, format: predicateFormat)
    }
  }
#endif

/// The parsed form of the predicates made from format strings, so that a fetch can check
/// their keys (a block predicate does not say what it reads).
enum PhotoKitPredicates {
  private struct Entry {
    weak var predicate: NSPredicate?
    var expression: PredicateExpression
    var format: String
  }

  private static let entries = LockedBox<[ObjectIdentifier: Entry]>([:])

  static func register(_ predicate: NSPredicate, _ expression: PredicateExpression, format: String)
  {
    entries.withLock { entries in
      if entries.count > 64 { entries = entries.filter { $0.value.predicate != nil } }
      entries[ObjectIdentifier(predicate)] = Entry(
        predicate: predicate, expression: expression, format: format)
    }
  }

  /// The parsed form of `predicate` (compound predicates of parsed ones included), or nil
  /// for a predicate not made from a format string.
  static func expression(of predicate: NSPredicate) -> (PredicateExpression, String)? {
    if let compound = predicate as? NSCompoundPredicate {
      var parts: [(PredicateExpression, String)] = []
      for sub in compound.subpredicates {
        guard let part = expression(of: sub) else { return nil }
        parts.append(part)
      }
      let formats = parts.map { "(\($0.1))" }
      switch compound.compoundPredicateType {
      case .and: return (.and(parts.map(\.0)), formats.joined(separator: " AND "))
      case .or: return (.or(parts.map(\.0)), formats.joined(separator: " OR "))
      case .not:
        guard let first = parts.first else { return nil }
        return (.not(first.0), "NOT \(formats[0])")
      @unknown default: return nil
      }
    }
    let entry = entries.withLock { entries -> Entry? in
      guard let entry = entries[ObjectIdentifier(predicate)], entry.predicate === predicate
      else { return nil }
      return entry
    }
    return entry.map { ($0.expression, $0.format) }
  }
}
