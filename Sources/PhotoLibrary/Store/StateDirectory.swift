import Foundation

/// The folder holding one state file per simulated app, named after its bundle id.
///
/// The device keeps privacy decisions per bundle id; PhotoGate maps `com.example.picker` to
/// `com.example.picker.json` in this folder (created 0700 on first write).
public struct StateDirectory: Sendable, Equatable {
  /// The folder (`--state-dir`, `$PHOTOGATE_STATE_DIR`, or `$XDG_STATE_HOME/photogate`).
  public let url: URL

  public init(url: URL) {
    self.url = url
  }

  /// The most characters a bundle id may have (file names are limited to 255 bytes).
  public static let maxBundleIDLength = 200

  /// The state file's name for `bundleID`: the id plus `.json`.
  ///
  /// Only letters, digits, '.', '-' and '_' are accepted (Apple allows letters, digits, '-'
  /// and '.'), and the id must not start with '.', so no id can name a hidden file, a parent
  /// folder, or a path outside this folder.
  public static func fileName(forBundleID bundleID: String) throws(StoreError) -> String {
    func invalid(_ reason: String) -> StoreError {
      StoreError(.invalidName, path: bundleID, reason: "invalid bundle id: \(reason)")
    }
    if bundleID.isEmpty { throw invalid("it is empty") }
    if bundleID.utf8.count > maxBundleIDLength {
      throw invalid("longer than \(maxBundleIDLength) characters")
    }
    if bundleID.hasPrefix(".") { throw invalid("it must not start with '.'") }
    let allowed = bundleID.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "_")
    }
    if !allowed {
      throw invalid("only letters, digits, '.', '-' and '_' are allowed")
    }
    return bundleID + ".json"
  }

  /// The state file for `bundleID`.
  public func fileURL(forBundleID bundleID: String) throws(StoreError) -> URL {
    url.appendingPathComponent(try Self.fileName(forBundleID: bundleID), isDirectory: false)
  }

  /// The store for `bundleID`'s state.
  public func store<Value: Codable & Sendable>(
    forBundleID bundleID: String, of type: Value.Type = Value.self, schemaVersion: Int = 1,
    lockTimeout: Duration = .seconds(10)
  ) throws(StoreError) -> JSONFileStore<Value> {
    JSONFileStore(
      url: try fileURL(forBundleID: bundleID), schemaVersion: schemaVersion,
      lockTimeout: lockTimeout)
  }
}
