import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

/// Deletes the photos a user marked in a cleanup screen. iOS asks the user to confirm; the
/// outcome tells a tap on Don't Allow apart from a failure.
enum AssetDeleter {
  enum Outcome: Equatable {
    case deleted(Int)
    case cancelledByUser
    case nothingToDelete
    case failed(String)
  }

  static func delete(
    identifiers: [String], completion: @escaping (Outcome) -> Void
  ) {
    let fetched = PHAsset.fetchAssets(withLocalIdentifiers: identifiers, options: nil)
    var deletable: [PHAsset] = []
    fetched.enumerateObjects { asset, _, _ in
      if asset.canPerform(.delete) { deletable.append(asset) }
    }
    guard !deletable.isEmpty else {
      completion(.nothingToDelete)
      return
    }
    PHPhotoLibrary.shared().performChanges({
      PHAssetChangeRequest.deleteAssets(deletable as NSArray)
    }) { success, error in
      let outcome: Outcome
      if success {
        outcome = .deleted(deletable.count)
      } else if let error = error as NSError?, error.domain == PHPhotosError.errorDomain,
        error.code == PHPhotosError.Code.userCancelled.rawValue
      {
        outcome = .cancelledByUser
      } else {
        outcome = .failed(error?.localizedDescription ?? "unknown error")
      }
      DispatchQueue.main.async { completion(outcome) }
    }
  }
}
