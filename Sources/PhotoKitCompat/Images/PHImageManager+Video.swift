import Dispatch
import Foundation

/// Video requests. The handlers run on a background queue, as PhotoKit's do; an asset that
/// is not a video, or that the app may not read, gives nil and a `PHPhotosError` under
/// `PHImageErrorKey`. `.current` gives a saved edit's movie, `.original` the original file. A
/// movie in iCloud only is downloaded first when `isNetworkAccessAllowed` (progress to
/// `progressHandler`); without it the result is nil, with `PHImageResultIsInCloudKey` true and
/// `networkAccessRequired`.
extension PHImageManager {
  /// Requests the movie of `asset` as an `AVURLAsset` (its file URL and header facts). Mirrors
  /// `requestAVAsset(forVideo:options:resultHandler:)`; the audio mix is always nil.
  @discardableResult
  public func requestAVAsset(
    forVideo asset: PHAsset, options: PHVideoRequestOptions?,
    resultHandler: @escaping (AVAsset?, AVAudioMix?, [AnyHashable: Any]?) -> Void
  ) -> PHImageRequestID {
    let handler = UncheckedSendable(resultHandler)
    return requestMovie(asset, options: options) { url, info in
      handler.value(url.map { AVURLAsset(url: $0) }, nil, info)
    }
  }

  /// Requests the movie of `asset` as an `AVPlayerItem` (nothing plays on Linux). Mirrors
  /// `requestPlayerItem(forVideo:options:resultHandler:)`.
  @discardableResult
  public func requestPlayerItem(
    forVideo asset: PHAsset, options: PHVideoRequestOptions?,
    resultHandler: @escaping (AVPlayerItem?, [AnyHashable: Any]?) -> Void
  ) -> PHImageRequestID {
    let handler = UncheckedSendable(resultHandler)
    return requestMovie(asset, options: options) { url, info in
      handler.value(url.map { AVPlayerItem(url: $0) }, info)
    }
  }

  /// Requests an export session for the movie of `asset`: with
  /// `AVAssetExportPresetPassthrough` it copies the file; other presets fail when exporting
  /// (no encoder on Linux). Mirrors `requestExportSession(forVideo:options:exportPreset:…)`.
  @discardableResult
  public func requestExportSession(
    forVideo asset: PHAsset, options: PHVideoRequestOptions?, exportPreset: String,
    resultHandler: @escaping (AVAssetExportSession?, [AnyHashable: Any]?) -> Void
  ) -> PHImageRequestID {
    let handler = UncheckedSendable(resultHandler)
    return requestMovie(asset, options: options) { url, info in
      let session = url.flatMap {
        AVAssetExportSession(asset: AVURLAsset(url: $0), presetName: exportPreset)
      }
      handler.value(session, info)
    }
  }

  /// Finds the movie of `asset` on a background queue and calls `deliver` there once (with
  /// the cancellation info instead, if cancelled first).
  private func requestMovie(
    _ asset: PHAsset, options: PHVideoRequestOptions?,
    deliver: @escaping @Sendable (URL?, [AnyHashable: Any]) -> Void
  ) -> PHImageRequestID {
    let device = PhotoKitDevice.current
    let request = begin(device)
    let identifier = asset.localIdentifier
    let version = options?.version ?? .current
    let networkAllowed = options?.isNetworkAccessAllowed ?? false
    let reporter = CloudProgressReporter(options?.progressHandler, request: request)
    device.queue.async {
      // A movie in iCloud only is downloaded first (network access allowed), or refused.
      var result: Result<URL, PHPhotosError>?
      var inCloud = false
      switch device.fetchIfOffloaded(
        id: identifier, networkAllowed: networkAllowed, reporter: reporter)
      {
      case .none, .downloaded?: result = device.loadMovie(id: identifier, version: version)
      case .failed(let error)?:
        result = .failure(error)
        inCloud = true
      case .cancelled?: result = nil
      }
      if let result, request.takeDelivery(last: true) {
        switch result {
        case .success(let url): deliver(url, request.info(nil, false))
        case .failure(let error): deliver(nil, request.info(error, false, inCloud: inCloud))
        }
      } else if request.takeCancellation() {
        deliver(nil, request.cancelledInfo)
      }
      self.finish(request)
    }
    return request.id
  }
}
