import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking  // URLRequest lives here on Linux
#endif

/// A request, made by the app's background-upload extension, that the system upload one
/// asset resource to a server. Mirrors `PHAssetResourceUploadJob` (iOS 26.1).
///
/// Upload jobs exist only through a `com.apple.photos.background-upload` app extension, and
/// Linux runs no app extensions: this device accepts no job (`jobLimit` is 0), so creating one
/// fails with `limitExceeded` as Photos documents for a full queue, and no job is ever fetched.
public final class PHAssetResourceUploadJob: PHObject, @unchecked Sendable {
  /// Where a job is. Mirrors `PHAssetResourceUploadJob.State`, raw values included.
  public enum State: Int, Sendable, Hashable {
    case registered = 1
    case pending = 2
    case failed = 3
    case succeeded = 4
  }

  /// What the app can do to a job. Mirrors `PHAssetResourceUploadJob.Action`, raw values
  /// included.
  public enum Action: Int, Sendable, Hashable {
    case acknowledge = 1
    case retry = 2
  }

  /// The resource to upload.
  public let resource: PHAssetResource
  /// The request the resource is sent with.
  public let destination: URLRequest
  /// Where the job is.
  public let state: State

  init(resource: PHAssetResource, destination: URLRequest, state: State, id: String) {
    self.resource = resource
    self.destination = destination
    self.state = state
    super.init(localIdentifier: id)
  }

  /// The most unacknowledged jobs the device holds: 0 here, as no upload extension can run.
  /// Mirrors `jobLimit`.
  public class var jobLimit: Int { 0 }

  /// The jobs `action` applies to: none (see the type's comment). Mirrors
  /// `fetchJobs(action:options:)`.
  public class func fetchJobs(action: Action, options: PHFetchOptions?)
    -> PHFetchResult<PHAssetResourceUploadJob>
  {
    PHFetchResult([])
  }
}

/// Creates and answers upload jobs inside a `performChanges` block. Mirrors
/// `PHAssetResourceUploadJobChangeRequest` (iOS 26.1); see `PHAssetResourceUploadJob` for why
/// every job made here fails.
public final class PHAssetResourceUploadJobChangeRequest: PHChangeRequest, @unchecked Sendable {
  private let job: PHAssetResourceUploadJob

  private init(job: PHAssetResourceUploadJob) {
    self.job = job
    super.init()
  }

  /// Asks for `resource` to be uploaded with `destination`. The change fails with
  /// `PHPhotosError.limitExceeded`: the device holds `jobLimit` (0) jobs already. Mirrors
  /// `createJob(destination:resource:)`.
  public class func createJob(destination: URLRequest, resource: PHAssetResource) {
    ChangeTransaction.joining("createJob(destination:resource:)")?.failures.append(
      PHPhotosError(
        .limitExceeded,
        "no upload job can be created: this device holds \(PHAssetResourceUploadJob.jobLimit) "
          + "(upload jobs come from a background-upload app extension, which Linux cannot run)"))
  }

  /// A request to change `job`. Mirrors `init(for:)`.
  public convenience init?(for job: PHAssetResourceUploadJob) {
    guard ChangeTransaction.joining("PHAssetResourceUploadJobChangeRequest(for:)") != nil else {
      return nil
    }
    self.init(job: job)
  }

  /// Acknowledges a finished job, freeing its place. The job is not in the library (none can
  /// be made here), so the change fails with `identifierNotFound`. Mirrors `acknowledge()`.
  public func acknowledge() {
    refuse("acknowledge()")
  }

  /// Retries a failed job; fails as `acknowledge()` does. Mirrors `retry(destination:)`.
  public func retry(destination: URLRequest?) {
    refuse("retry(destination:)")
  }

  private func refuse(_ request: String) {
    ChangeTransaction.joining(request)?.failures.append(
      PHPhotosError(
        .identifierNotFound, "\(request): no upload job '\(job.localIdentifier)' in the library",
        localIdentifiers: [job.localIdentifier]))
  }
}

extension PHPhotoLibrary {
  /// Whether the app's background-upload extension may run: false, as Linux runs no app
  /// extensions. Mirrors `uploadJobExtensionEnabled`.
  public var uploadJobExtensionEnabled: Bool { false }

  /// Turns the app's background-upload extension on or off. Turning it off succeeds (it is
  /// off); turning it on throws `PHPhotosError.changeNotSupported`: there is no extension to
  /// run. Mirrors `setUploadJobExtensionEnabled(_:)`.
  public func setUploadJobExtensionEnabled(_ enabled: Bool) throws {
    guard enabled else { return }
    throw PHPhotosError(
      .changeNotSupported,
      "the background-upload extension cannot be enabled: Linux runs no app extensions")
  }
}
