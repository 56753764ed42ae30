import Foundation

/// The base of every library object: an identifier that stays the same between fetches.
/// Mirrors `PHObject`.
///
/// Two objects are equal when they have the same type and `localIdentifier`, so that
/// `PHFetchResult.contains(_:)` and `index(of:)` find an object from another fetch.
public class PHObject: NSObject, @unchecked Sendable {
  /// For assets, the path relative to the library root ("Trips/beach.jpg"); for albums, the
  /// album's name. (iOS uses opaque "UUID/L0/001" strings; treat both as opaque.)
  public let localIdentifier: String

  init(localIdentifier: String) {
    self.localIdentifier = localIdentifier
    super.init()
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? PHObject else { return false }
    return type(of: other) == type(of: self) && other.localIdentifier == localIdentifier
  }

  public override var hash: Int { localIdentifier.hashValue }

  public override var description: String {
    "<\(type(of: self)): \(localIdentifier)>"
  }
}

/// A placeholder for an object created in a change block: its `localIdentifier` fetches the
/// new object once the changes are performed. Mirrors `PHObjectPlaceholder`.
public final class PHObjectPlaceholder: PHObject, @unchecked Sendable {}
