import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

/// Saves a recorded movie into the app's own album, creating the album the first time, the
/// way camera apps do: one change block holding the creation request and the album insert.
final class VideoAlbumSaver {
  enum SaveError: Error {
    case notAuthorized(PHAuthorizationStatus)
    case failed(Error?)
  }

  let albumTitle: String

  init(albumTitle: String) {
    self.albumTitle = albumTitle
  }

  /// Asks for read/write access if needed, then saves `fileURL`; `completion` gets the new
  /// asset's identifier on the main queue.
  func saveVideo(at fileURL: URL, completion: @escaping (Result<String, SaveError>) -> Void) {
    PHPhotoLibrary.requestAuthorization(for: .readWrite) { status in
      guard status == .authorized else {
        DispatchQueue.main.async { completion(.failure(.notAuthorized(status))) }
        return
      }
      self.performSave(fileURL, completion: completion)
    }
  }

  private func existingAlbum() -> PHAssetCollection? {
    let options = PHFetchOptions()
    options.predicate = NSPredicate(format: "title = %@", albumTitle)
    return PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: options)
      .firstObject
  }

  private func performSave(
    _ fileURL: URL, completion: @escaping (Result<String, SaveError>) -> Void
  ) {
    let album = existingAlbum()
    var localIdentifier: String?
    PHPhotoLibrary.shared().performChanges({
      guard let request = PHAssetChangeRequest.creationRequestForAssetFromVideo(atFileURL: fileURL),
        let placeholder = request.placeholderForCreatedAsset
      else { return }
      localIdentifier = placeholder.localIdentifier
      let albumRequest: PHAssetCollectionChangeRequest?
      if let album = album {
        albumRequest = PHAssetCollectionChangeRequest(for: album)
      } else {
        albumRequest = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(
          withTitle: self.albumTitle)
      }
      albumRequest?.insertAssets([placeholder] as NSArray, at: IndexSet(integer: 0))
    }) { success, error in
      DispatchQueue.main.async {
        if success, let identifier = localIdentifier {
          completion(.success(identifier))
        } else {
          completion(.failure(.failed(error)))
        }
      }
    }
  }
}
