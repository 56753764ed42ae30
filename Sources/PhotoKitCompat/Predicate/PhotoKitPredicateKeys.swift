import Foundation

/// The keys fetch predicates and sort descriptors may use, per class, as PhotoKit documents
/// them for `PHFetchOptions`, and how each reads an object: the one lookup both use. A new key
/// is one line here.
enum PhotoKitPredicateKeys {
  /// `PHAsset`'s keys (`favorite` and `hidden` are the Objective-C getter names PhotoKit
  /// also accepts).
  static let asset: [String: @Sendable (PHAsset) -> PredicateValue] = [
    "SELF": { .string($0.localIdentifier) },
    "localIdentifier": { .string($0.localIdentifier) },
    "creationDate": { $0.creationDate.map(PredicateValue.date) ?? .null },
    "modificationDate": { $0.modificationDate.map(PredicateValue.date) ?? .null },
    "mediaType": { .number(Double($0.mediaType.rawValue)) },
    "mediaSubtypes": { .number(Double($0.mediaSubtypes.rawValue)) },
    "duration": { .number($0.duration) },
    "pixelWidth": { .number(Double($0.pixelWidth)) },
    "pixelHeight": { .number(Double($0.pixelHeight)) },
    "isFavorite": { .bool($0.isFavorite) },
    "favorite": { .bool($0.isFavorite) },
    "isHidden": { .bool($0.isHidden) },
    "hidden": { .bool($0.isHidden) },
    "burstIdentifier": { _ in .null },
  ]

  /// `PHAssetCollection`'s keys (`title` is PhotoKit's other name for `localizedTitle`).
  static let assetCollection: [String: @Sendable (PHAssetCollection) -> PredicateValue] = [
    "SELF": { .string($0.localIdentifier) },
    "localIdentifier": { .string($0.localIdentifier) },
    "localizedTitle": { $0.localizedTitle.map(PredicateValue.string) ?? .null },
    "title": { $0.localizedTitle.map(PredicateValue.string) ?? .null },
    "estimatedAssetCount": { .number(Double($0.estimatedAssetCount)) },
    "startDate": { _ in .null },
    "endDate": { _ in .null },
  ]

  /// The value of `key` on `object`, or nil when its class has no such key. Other objects
  /// (a string checked with `SELF MATCHES %@`) have only `SELF`.
  static func value(of object: Any?, forKey key: String) -> PredicateValue? {
    switch object {
    case let asset as PHAsset: return Self.asset[key]?(asset)
    case let collection as PHAssetCollection: return assetCollection[key]?(collection)
    case let object as PHObject:
      return ["SELF", "localIdentifier"].contains(key) ? .string(object.localIdentifier) : nil
    default: return key == "SELF" ? PredicateValue(argument: object) : nil
    }
  }

  /// Every key of every class (what a sort descriptor, which knows no class, may name).
  static var allKeys: Set<String> { Set(asset.keys).union(assetCollection.keys) }

  /// The keys a fetch of `type` supports.
  static func supported(by type: PHObject.Type) -> Set<String> {
    if type is PHAsset.Type { return Set(asset.keys) }
    if type is PHAssetCollection.Type { return Set(assetCollection.keys) }
    return ["SELF", "localIdentifier"]
  }
}
