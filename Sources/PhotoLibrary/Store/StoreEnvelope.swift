/// What a ``JSONFileStore`` file holds: the schema version beside the value.
struct StoreEnvelope<Value: Codable>: Codable {
  var version: Int
  var value: Value
}

/// Reads only the schema version, so that a newer file is refused before its shape is checked.
struct VersionProbe: Decodable {
  var version: Int?
}

/// Turns a `DecodingError` into a short reason a user can act on ("missing key 'value.p'").
enum StoreEnvelopeReason {
  static func describe(_ error: DecodingError, expecting expected: String) -> String {
    switch error {
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return "is not valid JSON (truncated or corrupt: \(underlying(context)))"
      }
      return "invalid value at '\(path(context.codingPath))': \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "missing key '\(path(context.codingPath + [key]))'"
    case .typeMismatch(_, let context):
      if context.codingPath.isEmpty { return "is not \(expected)" }
      return "wrong type at '\(path(context.codingPath))': \(context.debugDescription)"
    case .valueNotFound(_, let context):
      return "missing value at '\(path(context.codingPath))'"
    @unknown default:
      return "\(error)"
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }

  private static func underlying(_ context: DecodingError.Context) -> String {
    if let underlying = context.underlyingError { return "\(underlying)" }
    return context.debugDescription
  }
}
