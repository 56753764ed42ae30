/// What a ``JSONFileStore`` file holds: the schema version beside the value.
struct StoreEnvelope<Value: Codable>: Codable {
  var version: Int
  var value: Value
}

/// Reads only the schema version, so that a newer file is refused before its shape is checked.
struct VersionProbe: Decodable {
  var version: Int?
}
