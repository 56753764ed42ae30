import Foundation
import PhotoLibrary

extension PHAssetChangeRequest {
  /// Applies the flags assigned on an edit request through the engine, which refuses assets
  /// the app cannot see.
  func applyAttributes(in session: PhotoLibrarySession) throws {
    guard let id = editedAsset?.localIdentifier else { return }
    for attribute in LibraryAttributes.Attribute.allCases
    where changedAttributes.contains(attribute) {
      let value = attribute == .favorite ? isFavorite : isHidden
      try session.set(attribute, value, for: [id])
    }
  }
}
