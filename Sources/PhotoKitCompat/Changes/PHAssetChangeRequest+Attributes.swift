import Foundation
import PhotoLibrary

extension PHAssetChangeRequest {
  /// `PHAssetChangeRequest(for:)`: a request to change `asset`'s favourite or hidden flag
  /// (its other properties cannot be edited). Outside a change block the request is recorded
  /// as a problem, as PhotoKit raises.
  public convenience init(for asset: PHAsset) {
    self.init()
    editedAssetID = asset.localIdentifier
    isFavorite = asset.isFavorite
    isHidden = asset.isHidden
    changedAttributes = []
    ChangeTransaction.joining("PHAssetChangeRequest(for:)")?.assetRequests.append(self)
  }

  /// Applies the flags assigned on an edit request through the engine, which refuses assets
  /// the app cannot see.
  func applyAttributes(in session: PhotoLibrarySession) throws {
    guard let id = editedAssetID else { return }
    for attribute in LibraryAttributes.Attribute.allCases
    where changedAttributes.contains(attribute) {
      let value = attribute == .favorite ? isFavorite : isHidden
      try session.set(attribute, value, for: [id])
    }
  }
}
