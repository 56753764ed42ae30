import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

/// Saves edited image bytes under a chosen file name with add-only access, as editors and
/// downloaders do: a creation request with a data resource, never reading the library back.
final class ImageDataSaver {
  enum Failure: Error, Equatable {
    case notAllowed
    case saveFailed(Int)
  }

  /// Saves `data` as `fileName`; `completion` runs on the main queue.
  func save(_ data: Data, as fileName: String, completion: @escaping (Failure?) -> Void) {
    PHPhotoLibrary.requestAuthorization(for: .addOnly) { status in
      guard status == .authorized || status == .limited else {
        DispatchQueue.main.async { completion(.notAllowed) }
        return
      }
      PHPhotoLibrary.shared().performChanges({
        let options = PHAssetResourceCreationOptions()
        options.originalFilename = fileName
        PHAssetCreationRequest.forAsset().addResource(with: .photo, data: data, options: options)
      }) { success, error in
        let failure = success ? nil : Failure.saveFailed((error as NSError?)?.code ?? 0)
        DispatchQueue.main.async { completion(failure) }
      }
    }
  }
}
