import Foundation

/// A parsed fetch predicate: comparisons of object keys with values, joined by AND, OR and
/// NOT. The part of `NSPredicate`'s format language PhotoKit fetch options use.
indirect enum PredicateExpression: Sendable, Equatable {
  case constant(Bool)
  case comparison(PredicateComparison)
  case and([PredicateExpression])
  case or([PredicateExpression])
  case not(PredicateExpression)

  /// Whether an object whose keys have the values `lookup` gives matches. A key the object
  /// does not have (nil from `lookup`) compares as nil.
  func evaluate(_ lookup: (String) -> PredicateValue?) -> Bool {
    switch self {
    case .constant(let value): value
    case .comparison(let comparison): comparison.evaluate(lookup)
    case .and(let operands): operands.allSatisfy { $0.evaluate(lookup) }
    case .or(let operands): operands.contains { $0.evaluate(lookup) }
    case .not(let operand): !operand.evaluate(lookup)
    }
  }

  /// The object keys the predicate reads.
  var keys: Set<String> {
    switch self {
    case .constant: []
    case .comparison(let comparison): comparison.lhs.keys.union(comparison.rhs.keys)
    case .and(let operands), .or(let operands): operands.reduce(into: []) { $0.formUnion($1.keys) }
    case .not(let operand): operand.keys
    }
  }
}

/// One side of a comparison: a key of the object, a value, or a bitwise AND of two (as in
/// `(mediaSubtypes & %d) != 0`).
indirect enum PredicateOperand: Sendable, Equatable {
  case key(String)
  case value(PredicateValue)
  case bitwiseAnd(PredicateOperand, PredicateOperand)

  func value(_ lookup: (String) -> PredicateValue?) -> PredicateValue {
    switch self {
    case .key(let key): return lookup(key) ?? .null
    case .value(let value): return value
    case .bitwiseAnd(let lhs, let rhs):
      guard let left = lhs.value(lookup).number, let right = rhs.value(lookup).number,
        let leftBits = Int64(exactly: left), let rightBits = Int64(exactly: right)
      else { return .null }
      return .number(Double(leftBits & rightBits))
    }
  }

  var keys: Set<String> {
    switch self {
    case .key(let key): [key]
    case .value: []
    case .bitwiseAnd(let lhs, let rhs): lhs.keys.union(rhs.keys)
    }
  }
}

/// `lhs op rhs`, with the `[c]` (case) and `[d]` (diacritic) insensitivity options.
struct PredicateComparison: Sendable, Equatable {
  enum Operator: String, Sendable, Equatable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case `in` = "IN"
    case contains = "CONTAINS"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case like = "LIKE"
    case matches = "MATCHES"
    case between = "BETWEEN"
  }

  var lhs: PredicateOperand
  var op: Operator
  var rhs: PredicateOperand
  var caseInsensitive = false
  var diacriticInsensitive = false

  func evaluate(_ lookup: (String) -> PredicateValue?) -> Bool {
    let left = lhs.value(lookup)
    let right = rhs.value(lookup)
    switch op {
    case .equal: return equal(left, right)
    case .notEqual: return !equal(left, right)
    case .less: return order(left, right).map { $0 == .orderedAscending } ?? false
    case .lessOrEqual: return order(left, right).map { $0 != .orderedDescending } ?? false
    case .greater: return order(left, right).map { $0 == .orderedDescending } ?? false
    case .greaterOrEqual: return order(left, right).map { $0 != .orderedAscending } ?? false
    case .in:
      switch right {
      case .list(let values): return values.contains { equal(left, $0) }
      case .string(let text):
        guard case .string(let part) = left else { return false }
        return fold(text).contains(fold(part))
      default: return false
      }
    case .contains:
      switch left {
      case .list(let values): return values.contains { equal($0, right) }
      case .string(let text):
        guard case .string(let part) = right else { return false }
        return fold(text).contains(fold(part))
      default: return false
      }
    case .beginsWith, .endsWith:
      guard case .string(let text) = left, case .string(let part) = right else { return false }
      return op == .beginsWith
        ? fold(text).hasPrefix(fold(part)) : fold(text).hasSuffix(fold(part))
    case .like:
      guard case .string(let text) = left, case .string(let pattern) = right else { return false }
      return Self.like(Array(fold(text)), Array(fold(pattern)))
    case .matches:
      guard case .string(let text) = left, case .string(let pattern) = right else { return false }
      return Self.matches(text, pattern, caseInsensitive: caseInsensitive)
    case .between:
      guard case .list(let bounds) = right, bounds.count == 2,
        let low = order(left, bounds[0]), let high = order(left, bounds[1])
      else { return false }
      return low != .orderedAscending && high != .orderedDescending
    }
  }

  private func fold(_ text: String) -> String {
    var options: String.CompareOptions = []
    if caseInsensitive { options.insert(.caseInsensitive) }
    if diacriticInsensitive { options.insert(.diacriticInsensitive) }
    return options.isEmpty ? text : text.folding(options: options, locale: nil)
  }

  private func equal(_ lhs: PredicateValue, _ rhs: PredicateValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let left), .string(let right)): return fold(left) == fold(right)
    case (.date(let left), .date(let right)): return left == right
    case (.null, .null): return true
    case (.list(let left), .list(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
    default:
      guard let left = lhs.number, let right = rhs.number else { return false }
      return left == right
    }
  }

  private func order(_ lhs: PredicateValue, _ rhs: PredicateValue) -> ComparisonResult? {
    func compare<T: Comparable>(_ left: T, _ right: T) -> ComparisonResult {
      left < right ? .orderedAscending : left > right ? .orderedDescending : .orderedSame
    }
    switch (lhs, rhs) {
    case (.string(let left), .string(let right)): return compare(fold(left), fold(right))
    case (.date(let left), .date(let right)): return compare(left, right)
    default:
      guard let left = lhs.number, let right = rhs.number else { return nil }
      return compare(left, right)
    }
  }

  /// `MATCHES`: the ICU regular expression matches the whole text (an invalid one matches
  /// nothing).
  static func matches(_ text: String, _ pattern: String, caseInsensitive: Bool) -> Bool {
    guard
      let expression = try? NSRegularExpression(
        pattern: "^(?:" + pattern + ")$", options: caseInsensitive ? [.caseInsensitive] : [])
    else { return false }
    let range = NSRange(text.startIndex..., in: text)
    return expression.firstMatch(in: text, options: [], range: range) != nil
  }

  /// `LIKE`: `*` matches any run of characters, `?` any one character.
  static func like(_ text: [Character], _ pattern: [Character]) -> Bool {
    var textIndex = 0
    var patternIndex = 0
    var star: (pattern: Int, text: Int)?
    while textIndex < text.count {
      if patternIndex < pattern.count
        && (pattern[patternIndex] == "?" || pattern[patternIndex] == text[textIndex])
      {
        textIndex += 1
        patternIndex += 1
      } else if patternIndex < pattern.count && pattern[patternIndex] == "*" {
        star = (patternIndex, textIndex)
        patternIndex += 1
      } else if let last = star {
        patternIndex = last.pattern + 1
        textIndex = last.text + 1
        star = (last.pattern, last.text + 1)
      } else {
        return false
      }
    }
    while patternIndex < pattern.count && pattern[patternIndex] == "*" { patternIndex += 1 }
    return patternIndex == pattern.count
  }
}
