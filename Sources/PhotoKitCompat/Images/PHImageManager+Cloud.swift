import Dispatch
import Foundation
import PhotoLibrary
import UIKitCompat

/// Image requests for an asset whose full version is in iCloud only, as Photos answers them.
extension PHImageManager {
  /// What a cloud image request needs to deliver.
  struct CloudImageDelivery: Sendable {
    var device: PhotoKitDevice
    var asset: Asset
    var plan: ImageRequestPlan
    var request: ImageRequest
    var networkAllowed: Bool
    var reporter: CloudProgressReporter
    /// Calls the result handler (on the main queue, or at once for a synchronous request).
    var deliver: @Sendable (UIImage?, [AnyHashable: Any]) -> Void
  }

  /// Delivers the results of a request for the offloaded asset. `PHImageResultIsInCloudKey`
  /// true means, as Photos documents it, that no image was provided because the data is in
  /// iCloud; the small version the device keeps is an image, degraded. With `.fastFormat`:
  /// that version alone. With `.opportunistic`: that version first; then, without network
  /// access, nil with `PHImageResultIsInCloudKey` true and `networkAccessRequired`; with it,
  /// the download's progress, then the full image (the asset is local from then on), or nil,
  /// in the cloud, with the download's error. `post` runs each delivery (on the main queue,
  /// or at once when synchronous).
  func deliverFromCloud(
    _ job: CloudImageDelivery, post: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
  ) {
    let (device, asset, plan, request) = (job.device, job.asset, job.plan, job.request)
    if plan.sizing.delivery == .fast {
      // Fast format takes what is at hand: the small version, once, degraded.
      let local = device.loadLocalVersion(asset, plan: plan, stage: .final)
      post {
        if request.takeDelivery(last: true) {
          job.deliver(
            local.image.map { UIImage(pixels: $0) }, request.info(local.error, true))
        } else if request.takeCancellation() {
          job.deliver(nil, request.cancelledInfo)
        }
        self.finish(request)
      }
      return
    }
    if plan.stages.contains(.degraded) {
      let local = device.loadLocalVersion(asset, plan: plan, stage: .degraded)
      post {
        if request.takeDelivery(last: false) {
          job.deliver(
            local.image.map { UIImage(pixels: $0) }, request.info(local.error, true))
        }
      }
    }
    let fetch = device.fetchFromCloud(
      asset, networkAllowed: job.networkAllowed, progress: job.reporter.report,
      failed: job.reporter.reportFailure)
    switch fetch {
    case .downloaded:
      let load = device.loadImage(id: asset.id, plan: plan, stage: .final)
      post {
        if request.takeDelivery(last: true) {
          job.deliver(load.image.map { UIImage(pixels: $0) }, request.info(load.error, false))
        } else if request.takeCancellation() {
          job.deliver(nil, request.cancelledInfo)
        }
        self.finish(request)
      }
    case .failed(let error):
      post {
        if request.takeDelivery(last: true) {
          job.deliver(nil, request.info(error, false, inCloud: true))
        } else if request.takeCancellation() {
          job.deliver(nil, request.cancelledInfo)
        }
        self.finish(request)
      }
    case .cancelled:
      post {
        if request.takeCancellation() { job.deliver(nil, request.cancelledInfo) }
        self.finish(request)
      }
    }
  }
}

extension PhotoKitDevice {
  /// The result `stage` of `plan` made of the small version the device keeps of an offloaded
  /// asset (never larger than ``CloudState/localVersionLongSide``).
  func loadLocalVersion(_ asset: Asset, plan: ImageRequestPlan, stage: ImageRequestPlan.Stage)
    -> ImageLoad
  {
    let longSide = plan.localLongSide(
      width: asset.pixelWidth, height: asset.pixelHeight, stage: stage)
    do {
      let file = try self.file(of: asset, version: plan.version)
      return ImageLoad(
        image: try ImagePipeline.shared.image(
          fileAt: file.path, sizing: plan.sizing, width: asset.pixelWidth,
          height: asset.pixelHeight, stage: stage, longSide: longSide))
    } catch {
      return ImageLoad(error: PHPhotosError(.invalidResource, "\(error)"))
    }
  }
}
