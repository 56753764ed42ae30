/// Hand-written JSON text for the few outputs too large for `JSONEncoder` (`assets --json` at
/// 100,000 assets), byte for byte what ``JSONOutput`` prints for the same values.
enum JSONText {
  /// `text` as a JSON string literal, escaped as `JSONEncoder` does with
  /// `.withoutEscapingSlashes` (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, else `\u00xx`
  /// below U+0020).
  static func quoted(_ text: String) -> String {
    var plain = true
    for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
      plain = false
      break
    }
    if plain { return "\"" + text + "\"" }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{8}": result += "\\b"
      case "\u{C}": result += "\\f"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A number as `JSONEncoder` writes it: the shortest round-trip form, without a trailing
  /// ".0" (`0`, `1.5`, `1e-05`).
  static func number(_ value: Double) -> String {
    let text = value.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// A pretty-printed array of strings at `indent` (`[]` when empty).
  static func strings(_ values: [String], indent: String) -> String {
    if values.isEmpty { return "[]" }
    return "[\n" + values.map { indent + "  " + quoted($0) }.joined(separator: ",\n") + "\n"
      + indent + "]"
  }
}
