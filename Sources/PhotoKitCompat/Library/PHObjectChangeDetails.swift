import Foundation
import PhotoLibrary

/// What a change did to one asset or album: the object before and after, whether it was
/// deleted and whether an asset's photo or video content changed. Mirrors
/// `PHObjectChangeDetails`.
///
/// For an album this describes the album's own properties (title, estimated count); follow
/// its contents with `changeDetails(for:)` on a fetch result of its assets, as on iOS.
///
/// As PhotoKit documents it: `objectBeforeChanges` is the very object passed to
/// `changeDetails(for:)`; `objectAfterChanges` is the object fetched again (nil once it left
/// the library, or the app can no longer see it); `objectWasDeleted` is true exactly then;
/// `assetContentChanged` says the photo or video itself changed (an edit saved or reverted),
/// not only its metadata (a favourite, a date).
public final class PHObjectChangeDetails<ObjectType: PHObject>: NSObject, @unchecked Sendable {
  /// The object as the app had it.
  public let objectBeforeChanges: ObjectType
  /// The object fetched again after the change; nil when it was deleted (or the app may no
  /// longer see it).
  public let objectAfterChanges: ObjectType?
  /// Whether an asset's photo or video changed (an edit saved or reverted).
  public let assetContentChanged: Bool
  /// Whether the object left the library.
  public var objectWasDeleted: Bool { objectAfterChanges == nil }

  init(before: ObjectType, after: ObjectType?, contentChanged: Bool) {
    objectBeforeChanges = before
    objectAfterChanges = after
    assetContentChanged = contentChanged
    super.init()
  }
}

extension PHChange {
  /// What the change did to `object` (an asset or an album), fetched again by its
  /// `localIdentifier`; nil when the change did not touch it. Mirrors
  /// `changeDetails(for:)` for a `PHObject`.
  public func changeDetails<T: PHObject>(for object: T) -> PHObjectChangeDetails<T>? {
    guard case .assetsChanged = change else { return nil }
    let named = namedIDs.contains(object.localIdentifier)
    switch object {
    case let asset as PHAsset:
      let key = AssetIDKey(asset.localIdentifier)
      let after = PHAsset.fetch(nil, includeHidden: true) { AssetIDKey($0.id) == key }
        .firstObject
      let content = after.map { asset.hasDifferentContent(than: $0) } ?? false
      guard named || after == nil || content || after.map(asset.hasDifferentProperties) == true
      else { return nil }
      return PHObjectChangeDetails(before: object, after: after as? T, contentChanged: content)
    case let collection as PHAssetCollection:
      let after = PHAssetCollection.fetchAssetCollections(
        withLocalIdentifiers: [collection.localIdentifier], options: nil
      ).firstObject
      if let after, after.localizedTitle == collection.localizedTitle,
        after.estimatedAssetCount == collection.estimatedAssetCount
      {
        return nil
      }
      return PHObjectChangeDetails(before: object, after: after as? T, contentChanged: false)
    default:
      return nil
    }
  }
}

extension PHAsset {
  /// Whether `other` (the same asset fetched later) shows another photo or video: an edit
  /// was saved or reverted in between.
  func hasDifferentContent(than other: PHAsset) -> Bool {
    modificationDate != other.modificationDate || pixelWidth != other.pixelWidth
      || pixelHeight != other.pixelHeight || duration != other.duration
  }

  /// Whether `other` (the same asset fetched later) has other library flags or dates.
  func hasDifferentProperties(than other: PHAsset) -> Bool {
    isFavorite != other.isFavorite || isHidden != other.isHidden
      || creationDate != other.creationDate || mediaSubtypes != other.mediaSubtypes
  }
}
