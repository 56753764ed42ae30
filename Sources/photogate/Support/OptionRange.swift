import ArgumentParser

/// The documented range of a numeric option, checked in a command's `validate()`: a value
/// outside it is bad usage (`ValidationError`, exit 2) with the range in the message, before
/// any work or allocation sized by it.
///
/// Numeric options are declared with `parsing: .unconditional`, so that `--limit -1` reaches
/// this check instead of being read as an option named `-1`.
struct OptionRange {
  /// `--width`.
  var option: String
  /// The smallest accepted value.
  var lowerBound: Int
  /// The largest accepted value; nil for no upper bound.
  var upperBound: Int?

  /// "from 1 to 1,000", or "1 or more": the words help texts and messages use.
  var text: String {
    guard let upperBound else { return "\(Self.grouped(lowerBound)) or more" }
    return "from \(Self.grouped(lowerBound)) to \(Self.grouped(upperBound))"
  }

  /// Throws a `ValidationError` naming the option and its range when `value` is outside it.
  func check(_ value: Int?) throws {
    guard let value else { return }
    if value < lowerBound || upperBound.map({ value > $0 }) == true {
      throw ValidationError("\(option) must be \(text); got \(value)")
    }
  }

  /// 1000 → "1,000", as the help texts write numbers.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }
}
