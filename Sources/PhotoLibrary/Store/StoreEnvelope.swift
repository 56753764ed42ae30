/// What a ``JSONFileStore`` file holds: the schema version beside the value, and the
/// generation of the write that stored it (absent in files written before generations).
struct StoreEnvelope<Value: Codable>: Codable {
  var version: Int
  var value: Value
  var generation: UInt64?
}

/// Reads only the schema version, so that a newer file is refused before its shape is checked.
struct VersionProbe: Decodable {
  var version: Int?
}
