import Foundation

extension DecodingError {
  /// A short reason a user can act on ("missing key 'value.p'"); `expected` names what the
  /// top level should have been ("a JSON object").
  func reason(expecting expected: String) -> String {
    switch self {
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return "not valid JSON, truncated or corrupt (\(underlying(context)))"
      }
      return "invalid value at '\(path(context.codingPath))': \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "missing key '\(path(context.codingPath + [key]))'"
    case .typeMismatch(_, let context):
      if context.codingPath.isEmpty { return "not \(expected)" }
      return "wrong type at '\(path(context.codingPath))': \(context.debugDescription)"
    case .valueNotFound(_, let context):
      return "missing value at '\(path(context.codingPath))'"
    @unknown default:
      return "\(self)"
    }
  }

  private func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }

  private func underlying(_ context: DecodingError.Context) -> String {
    if let underlying = context.underlyingError { return "\(underlying)" }
    return context.debugDescription
  }
}
