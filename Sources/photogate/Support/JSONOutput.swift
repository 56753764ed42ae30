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

extension JSONOutput {
  /// Prints `elements` as the same JSON array ``print(_:)`` gives, a thousand elements at a
  /// time, so that no array of every element is built first.
  static func printStreamed<Element, Value: Encodable>(
    _ elements: some Collection<Element>, _ transform: (Element) -> Value
  ) throws {
    var out = BufferedOutput()
    if elements.isEmpty { out.write("[]\n") }
    var rest = elements[...]
    while !rest.isEmpty {
      let chunk = rest.prefix(1000)
      rest = rest.dropFirst(chunk.count)
      // "[\n  {…},\n  {…}\n]": the elements are what lies between "[\n" and "\n]".
      let text = try text(chunk.map(transform))
      out.write(chunk.startIndex == elements.startIndex ? "[\n" : ",\n")
      out.write(String(text.dropFirst(2).dropLast(2)))
    }
    if !elements.isEmpty { out.write("\n]\n") }
    out.flush()
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
