import Foundation
import PhotoLibrary

/// The keys fetch predicates and sort descriptors may use, per class, as PhotoKit documents
/// them for `PHFetchOptions`, and how each reads an object: the one lookup both use. A new key
/// is one line here.
enum PhotoKitPredicateKeys {
  /// `PHAsset`'s keys (`favorite` and `hidden` are the Objective-C getter names PhotoKit
  /// also accepts), read from the engine's asset and its saved edit as `PHAsset` reads them,
  /// so that a lazy fetch filters and sorts without making a `PHAsset` of every asset.
  static let asset: [String: @Sendable (Asset, AssetEdit?) -> PredicateValue] = [
    "SELF": { asset, _ in .string(asset.id) },
    "localIdentifier": { asset, _ in .string(asset.id) },
    "creationDate": { asset, _ in .date(asset.creationDate) },
    "modificationDate": { asset, edit in .date(edit?.date ?? asset.creationDate) },
    "mediaType": { asset, _ in
      .number(Double((PHAssetMediaType(rawValue: asset.mediaType.rawValue) ?? .unknown).rawValue))
    },
    "mediaSubtypes": { asset, _ in .number(Double(asset.mediaSubtypes.rawValue)) },
    "duration": { asset, _ in .number(asset.duration) },
    "pixelWidth": { asset, _ in .number(Double(asset.pixelWidth)) },
    "pixelHeight": { asset, _ in .number(Double(asset.pixelHeight)) },
    "isFavorite": { asset, _ in .bool(asset.isFavorite) },
    "favorite": { asset, _ in .bool(asset.isFavorite) },
    "isHidden": { asset, _ in .bool(asset.isHidden) },
    "hidden": { asset, _ in .bool(asset.isHidden) },
    "burstIdentifier": { _, _ in .null },
  ]

  /// The value of `key` on the engine's `asset` with its saved edit as recorded under its id
  /// (dropped when made to another file, as `PHAsset` drops it); nil for no key of `PHAsset`.
  static func value(of asset: Asset, edit recorded: AssetEdit?, forKey key: String)
    -> PredicateValue?
  {
    Self.asset[key]?(asset, recorded.flatMap { $0.applies(to: asset) ? $0 : nil })
  }

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
    case let asset as PHAsset: return Self.asset[key]?(asset.asset, asset.edit)
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
