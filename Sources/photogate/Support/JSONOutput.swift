import Foundation

/// Prints JSON values with stable, sorted keys.
enum JSONOutput {
  static func print(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    Swift.print(String(decoding: data, as: UTF8.self))
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
