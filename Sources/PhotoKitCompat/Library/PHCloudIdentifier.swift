import Foundation

/// An identifier of an asset that is the same on every device sharing the library. Mirrors
/// `PHCloudIdentifier`.
///
/// The folder library is what devices share here: an asset's cloud identifier is its path in
/// the library folder (`localIdentifier`) behind a fixed prefix, so another machine with the
/// same folder maps it back to the same asset. Treat it as opaque, as on iOS.
public final class PHCloudIdentifier: NSObject, NSSecureCoding, @unchecked Sendable {
  static let prefix = "photogate-folder:"

  /// The identifier as a string, to store and pass around. Mirrors `stringValue`.
  public let stringValue: String

  /// An identifier from its stored string. Mirrors `init(stringValue:)`.
  public init(stringValue: String) {
    self.stringValue = stringValue
    super.init()
  }

  /// The identifier of the asset `localIdentifier`.
  convenience init(localIdentifier: String) {
    self.init(stringValue: Self.prefix + localIdentifier)
  }

  /// The local identifier this names, if it is one of the library's.
  var localIdentifier: String? {
    stringValue.hasPrefix(Self.prefix) ? String(stringValue.dropFirst(Self.prefix.count)) : nil
  }

  public static var supportsSecureCoding: Bool { true }

  /// Reads the string `encode(with:)` wrote; nil when there is none. Mirrors `init?(coder:)`.
  public init?(coder: NSCoder) {
    guard let value = coder.decodeObject(of: NSString.self, forKey: "stringValue") else {
      return nil
    }
    stringValue = value as String
    super.init()
  }

  public func encode(with coder: NSCoder) {
    coder.encode(stringValue as NSString, forKey: "stringValue")
  }

  public override func isEqual(_ object: Any?) -> Bool {
    (object as? PHCloudIdentifier)?.stringValue == stringValue
  }

  public override var hash: Int { stringValue.hashValue }
  public override var description: String { "<PHCloudIdentifier \(stringValue)>" }
}

extension PHPhotoLibrary {
  /// The cloud identifier of each local identifier the app may see, or a `PHPhotosError`
  /// `.identifierNotFound` for one it may not (or that does not exist). Mirrors
  /// `cloudIdentifierMappings(forLocalIdentifiers:)`.
  public func cloudIdentifierMappings(forLocalIdentifiers localIdentifiers: [String])
    -> [String: Result<PHCloudIdentifier, any Error>]
  {
    let found = Set(
      PHAsset.fetchAssets(withLocalIdentifiers: localIdentifiers, options: nil).objects.map(
        \.localIdentifier))
    var mappings: [String: Result<PHCloudIdentifier, any Error>] = [:]
    for id in localIdentifiers {
      mappings[id] =
        found.contains(id)
        ? .success(PHCloudIdentifier(localIdentifier: id))
        : .failure(
          PHPhotosError(
            .identifierNotFound, "no asset '\(id)' that the app may see",
            localIdentifiers: [id]))
    }
    return mappings
  }

  /// The local identifier of each cloud identifier whose asset the app may see, or a
  /// `PHPhotosError` `.identifierNotFound`. Mirrors `localIdentifierMappings(for:)`.
  public func localIdentifierMappings(for cloudIdentifiers: [PHCloudIdentifier])
    -> [PHCloudIdentifier: Result<String, any Error>]
  {
    let ids = cloudIdentifiers.compactMap(\.localIdentifier)
    let found = Set(
      PHAsset.fetchAssets(withLocalIdentifiers: ids, options: nil).objects.map(\.localIdentifier))
    var mappings: [PHCloudIdentifier: Result<String, any Error>] = [:]
    for cloud in cloudIdentifiers {
      if let id = cloud.localIdentifier, found.contains(id) {
        mappings[cloud] = .success(id)
      } else {
        mappings[cloud] = .failure(
          PHPhotosError(
            .identifierNotFound, "no asset for \(cloud.stringValue) that the app may see"))
      }
    }
    return mappings
  }
}
