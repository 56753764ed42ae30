import Foundation

extension PHAsset {
  /// Makes the input an editor starts from and hands it to `completionHandler` on the main
  /// queue. Mirrors `requestContentEditingInput(with:completionHandler:)`: the app must be
  /// able to read the asset (full read/write access, or limited access with the asset
  /// selected), else the input is nil and the info holds a `PHPhotosError` under
  /// `PHContentEditingInputErrorKey`. With a saved edit, the input is the original and its
  /// adjustment data when `options.canHandleAdjustmentData` accepts that data, else the edited
  /// photo without data. For an asset in iCloud only the full version is downloaded first when
  /// `options.isNetworkAccessAllowed` (progress to `options.progressHandler`); without it the
  /// input is nil, `PHContentEditingInputResultIsInCloudKey` true and the error
  /// `networkAccessRequired`.
  @discardableResult
  public func requestContentEditingInput(
    with options: PHContentEditingInputRequestOptions?,
    completionHandler: @escaping (PHContentEditingInput?, [AnyHashable: Any]) -> Void
  ) -> PHContentEditingInputRequestID {
    let device = PhotoKitDevice.current
    let manager = PHImageManager.default()
    let request = manager.begin(device)
    let accepts = UncheckedSendable(
      options?.canHandleAdjustmentData
        ?? PHContentEditingInputRequestOptions().canHandleAdjustmentData)
    let handler = UncheckedSendable(completionHandler)
    let asset = self
    let networkAllowed = options?.isNetworkAccessAllowed ?? false
    let reporter = CloudProgressReporter(
      plain: options?.progressHandler, isCancelled: { request.isCancelled })
    device.queue.async {
      // The input is the full version: an asset in iCloud only is downloaded first.
      let fetch = device.fetchIfOffloaded(
        id: device.resolve([asset.localIdentifier])[0], networkAllowed: networkAllowed,
        reporter: reporter)
      let result: Result<PHContentEditingInput, PHPhotosError>
      switch fetch {
      case .none, .downloaded?:
        result = device.contentEditingInput(for: asset, accepts: accepts.value)
      case .failed(let error)?: result = .failure(error)
      case .cancelled?:
        request.cancel()
        result = .failure(PHPhotosError(.userCancelled, "the download was cancelled"))
      }
      let inCloud: Bool
      if case .failed? = fetch { inCloud = true } else { inCloud = false }
      DispatchQueue.main.async {
        var info: [AnyHashable: Any] = [
          PHContentEditingInputResultIsInCloudKey: NSNumber(value: inCloud)
        ]
        if request.takeDelivery(last: true) {
          switch result {
          case .success(let input):
            handler.value(input, info)
          case .failure(let error):
            info[PHContentEditingInputErrorKey] = error
            handler.value(nil, info)
          }
        } else if request.takeCancellation() {
          info[PHContentEditingInputCancelledKey] = NSNumber(value: true)
          handler.value(nil, info)
        }
        manager.finish(request)
      }
    }
    return PHContentEditingInputRequestID(request.id)
  }

  /// Cancels a content editing input request that has not delivered yet: its handler is
  /// called with nil and `PHContentEditingInputCancelledKey` true. Mirrors
  /// `cancelContentEditingInputRequest(_:)`.
  public func cancelContentEditingInputRequest(_ requestID: PHContentEditingInputRequestID) {
    guard let id = PHImageRequestID(exactly: requestID) else { return }
    PHImageManager.default().cancelImageRequest(id)
  }
}
