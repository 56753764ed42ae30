import Foundation

/// Prints JSON values with stable, sorted keys; empty arrays and objects print as `[]` and `{}`.
enum JSONOutput {
  static func print(_ value: some Encodable) throws {
    Swift.print(try text(value))
  }

  /// The text `print` writes, without the final newline.
  static func text(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    // The pretty printer puts blank lines inside empty containers; a string never holds a raw
    // newline, so only empty containers match.
    return String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: #"\[\n\s*\]"#, with: "[]", options: .regularExpression)
      .replacingOccurrences(of: #"\{\n\s*\}"#, with: "{}", options: .regularExpression)
  }
}

/// A JSON value that encodes `null` explicitly for nil (Codable skips nil optionals).
struct NullableString: Encodable {
  var value: String?
  init(_ value: String?) { self.value = value }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let value { try container.encode(value) } else { try container.encodeNil() }
  }
}
