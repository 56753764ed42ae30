import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// A one-tap "re-compress" edit for a photo detail screen: opens the photo for editing,
/// renders a smaller JPEG, and saves it with adjustment data so that the next session can
/// start again from the original. Also reverts, and hands out a photo's file URL.
final class PhotoEditSaver {
  static let formatIdentifier = "com.example.photokitcompat.recompress"
  static let formatVersion = "1.0"

  enum Failure: Error, Equatable {
    case noInput
    case unreadableImage
    case cancelledByUser
    case failed(String)
  }

  /// The quality of the last saved edit, read back from the adjustment data.
  private(set) var lastQuality: Double?

  /// Re-encodes the photo at `quality` and saves it as an edit of `asset`.
  func recompress(
    _ asset: PHAsset, quality: Double, completion: @escaping (Result<Void, Failure>) -> Void
  ) {
    let options = PHContentEditingInputRequestOptions()
    // We can redo our own edits from the original; anything else comes baked in.
    options.canHandleAdjustmentData = { data in
      data.formatIdentifier == PhotoEditSaver.formatIdentifier
        && data.formatVersion == PhotoEditSaver.formatVersion
    }
    options.isNetworkAccessAllowed = true
    asset.requestContentEditingInput(with: options) { input, info in
      guard let input = input, let url = input.fullSizeImageURL else {
        completion(.failure(.noInput))
        return
      }
      if let previous = input.adjustmentData,
        let settings = try? JSONSerialization.jsonObject(with: previous.data) as? [String: Any]
      {
        self.lastQuality = settings["quality"] as? Double
      }
      guard let image = UIImage(contentsOfFile: url.path),
        let jpeg = image.jpegData(compressionQuality: CGFloat(quality))
      else {
        completion(.failure(.unreadableImage))
        return
      }
      let output = PHContentEditingOutput(contentEditingInput: input)
      do {
        try jpeg.write(to: output.renderedContentURL, options: .atomic)
        let settings = try JSONSerialization.data(withJSONObject: ["quality": quality])
        output.adjustmentData = PHAdjustmentData(
          formatIdentifier: PhotoEditSaver.formatIdentifier,
          formatVersion: PhotoEditSaver.formatVersion, data: settings)
      } catch {
        completion(.failure(.failed(error.localizedDescription)))
        return
      }
      PHPhotoLibrary.shared().performChanges({
        let request = PHAssetChangeRequest(for: asset)
        request.contentEditingOutput = output
      }) { success, error in
        DispatchQueue.main.async {
          completion(success ? .success(()) : .failure(PhotoEditSaver.failure(error)))
        }
      }
    }
  }

  /// Drops every edit of `asset`.
  func revert(_ asset: PHAsset, completion: @escaping (Result<Void, Failure>) -> Void) {
    PHPhotoLibrary.shared().performChanges({
      PHAssetChangeRequest(for: asset).revertAssetContentToOriginal()
    }) { success, error in
      DispatchQueue.main.async {
        completion(success ? .success(()) : .failure(PhotoEditSaver.failure(error)))
      }
    }
  }

  /// The URL of the photo's current full-size file, for sharing.
  static func fileURL(of asset: PHAsset, completion: @escaping (URL?) -> Void) {
    let options = PHContentEditingInputRequestOptions()
    options.canHandleAdjustmentData = { _ in false }
    asset.requestContentEditingInput(with: options) { input, _ in
      completion(input?.fullSizeImageURL)
    }
  }

  private static func failure(_ error: Error?) -> Failure {
    if let error = error as NSError?, error.domain == PHPhotosError.errorDomain,
      error.code == PHPhotosError.Code.userCancelled.rawValue
    {
      return .cancelledByUser
    }
    return .failed(error?.localizedDescription ?? "unknown error")
  }
}
