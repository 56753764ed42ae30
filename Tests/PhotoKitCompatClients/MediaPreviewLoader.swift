import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(AVFoundation)
  import AVFoundation
#endif

/// What a detail screen loads for a video or a Live Photo: the movie's length as a label,
/// the Live Photo's parts, and a copy of the movie for sharing.
final class MediaPreviewLoader {
  private let manager = PHImageManager.default()

  /// "0:03" for a three-second movie; nil when the asset is not a readable video.
  func durationLabel(for asset: PHAsset, completion: @escaping (String?) -> Void) {
    let options = PHVideoRequestOptions()
    options.version = .current
    options.deliveryMode = .highQualityFormat
    options.isNetworkAccessAllowed = true
    manager.requestAVAsset(forVideo: asset, options: options) { avAsset, _, _ in
      guard let avAsset = avAsset else {
        DispatchQueue.main.async { completion(nil) }
        return
      }
      let seconds = Int(CMTimeGetSeconds(avAsset.duration).rounded())
      let label = String(format: "%d:%02d", seconds / 60, seconds % 60)
      DispatchQueue.main.async { completion(label) }
    }
  }

  /// The Live Photo of `asset` for a preview of `size` points, or nil.
  func livePhoto(for asset: PHAsset, size: CGSize, completion: @escaping (PHLivePhoto?) -> Void) {
    let options = PHLivePhotoRequestOptions()
    options.deliveryMode = .highQualityFormat
    manager.requestLivePhoto(
      for: asset, targetSize: size, contentMode: .aspectFill, options: options
    ) { livePhoto, info in
      let degraded = (info?[PHImageResultIsDegradedKey] as? Bool) ?? false
      if !degraded { completion(livePhoto) }
    }
  }

  /// Copies the movie of `asset` to `destination` without re-encoding.
  func exportMovie(
    of asset: PHAsset, to destination: URL, completion: @escaping (Bool) -> Void
  ) {
    manager.requestExportSession(
      forVideo: asset, options: nil, exportPreset: AVAssetExportPresetPassthrough
    ) { session, _ in
      guard let session = session else {
        completion(false)
        return
      }
      session.outputURL = destination
      session.outputFileType = .mov
      session.exportAsynchronously {
        completion(session.status == .completed)
      }
    }
  }
}
