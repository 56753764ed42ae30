import Dispatch
import Foundation
import PhotoLibrary

/// Reads the files behind assets, in chunks or into a file. Mirrors `PHAssetResourceManager`.
///
/// Each request reads the asset through the library, so an asset the app may not read (no
/// access, or outside a limited selection) fails with a `PHPhotosError`. An asset in iCloud
/// only is downloaded first when the options allow network access (progress to their
/// `progressHandler`), else the request fails with `networkAccessRequired`. Handlers run on a
/// background queue, as PhotoKit's do.
public final class PHAssetResourceManager: NSObject, @unchecked Sendable {
  private static let shared = PHAssetResourceManager()
  /// How many bytes each call of a data handler gets at most.
  static let chunkSize = 64 * 1024

  private let lastID = LockedBox<PHAssetResourceDataRequestID>(0)
  /// The data requests still running and not cancelled.
  private let running = LockedBox<Set<PHAssetResourceDataRequestID>>([])

  public override init() { super.init() }

  /// The shared manager. Mirrors `default()`.
  public class func `default`() -> PHAssetResourceManager { shared }

  /// Reads the file of `resource`, handing its bytes to `handler` in order, chunk by chunk,
  /// then calls `completionHandler` with nil, or with the error that stopped the read (a
  /// cancelled request ends with `userCancelled`). Mirrors
  /// `requestData(for:options:dataReceivedHandler:completionHandler:)`.
  @discardableResult
  public func requestData(
    for resource: PHAssetResource, options: PHAssetResourceRequestOptions?,
    dataReceivedHandler handler: @escaping (Data) -> Void,
    completionHandler: @escaping ((any Error)?) -> Void
  ) -> PHAssetResourceDataRequestID {
    let id = lastID.withLock { id -> PHAssetResourceDataRequestID in
      id &+= 1
      return id
    }
    running.withLock { _ = $0.insert(id) }
    let device = PhotoKitDevice.current
    let receive = UncheckedSendable(handler)
    let complete = UncheckedSendable(completionHandler)
    let assetID = resource.assetLocalIdentifier
    let type = resource.type
    let reporter = Self.reporter(options) { [running] in !running.withLock { $0.contains(id) } }
    let networkAllowed = options?.isNetworkAccessAllowed ?? false
    device.queue.async {
      let error =
        Self.fetch(assetID, networkAllowed: networkAllowed, on: device, reporter: reporter)
        ?? self.read(assetID: assetID, type: type, on: device, request: id) {
          receive.value($0)
        }
      self.running.withLock { _ = $0.remove(id) }
      complete.value(error)
    }
    return id
  }

  /// Copies the file of `resource` to `fileURL`, then calls `completionHandler` with nil, or
  /// with the error: a file already at `fileURL` is never replaced. Mirrors
  /// `writeData(for:toFile:options:completionHandler:)`.
  public func writeData(
    for resource: PHAssetResource, toFile fileURL: URL,
    options: PHAssetResourceRequestOptions?,
    completionHandler: @escaping ((any Error)?) -> Void
  ) {
    let device = PhotoKitDevice.current
    let complete = UncheckedSendable(completionHandler)
    let assetID = resource.assetLocalIdentifier
    let type = resource.type
    let reporter = Self.reporter(options) { false }
    let networkAllowed = options?.isNetworkAccessAllowed ?? false
    device.queue.async {
      complete.value(
        Self.fetch(assetID, networkAllowed: networkAllowed, on: device, reporter: reporter)
          ?? Self.write(assetID: assetID, type: type, on: device, to: fileURL))
    }
  }

  /// Stops the data request `requestID`: no more chunks are delivered and its completion
  /// handler gets `userCancelled`. Mirrors `cancelDataRequest(_:)`.
  public func cancelDataRequest(_ requestID: PHAssetResourceDataRequestID) {
    running.withLock { _ = $0.remove(requestID) }
  }

  /// The progress reporter of a request made with `options`.
  private static func reporter(
    _ options: PHAssetResourceRequestOptions?, isCancelled: @escaping @Sendable () -> Bool
  ) -> CloudProgressReporter {
    let handler = options?.progressHandler
    return CloudProgressReporter(
      plain: handler.map { handler in { value, _ in handler(value) } }, isCancelled: isCancelled)
  }

  /// Downloads the asset `assetID` first when it is in iCloud only; the error that stopped
  /// that (`networkAccessRequired` without network access, the download's error, or
  /// `userCancelled`), or nil when the file is on the device.
  private static func fetch(
    _ assetID: String, networkAllowed: Bool, on device: PhotoKitDevice,
    reporter: CloudProgressReporter
  ) -> (any Error)? {
    switch device.fetchIfOffloaded(id: assetID, networkAllowed: networkAllowed, reporter: reporter)
    {
    case .none, .downloaded?: return nil
    case .failed(let error)?: return error
    case .cancelled?:
      return PHPhotosError(.userCancelled, "the request for '\(assetID)' was cancelled")
    }
  }

  /// Reads the file chunk by chunk into `deliver`; the error that stopped it, or nil.
  private func read(
    assetID: String, type: PHAssetResourceType, on device: PhotoKitDevice,
    request id: PHAssetResourceDataRequestID, deliver: (Data) -> Void
  ) -> (any Error)? {
    let url: URL
    switch device.loadResource(assetID: assetID, type: type) {
    case .success(let found): url = found
    case .failure(let error): return error
    }
    // A regular file only (a FIFO is refused, never waited on), read a chunk at a time.
    var cancelled = false
    do {
      try FileContents.forEachChunk(of: url, chunkSize: Self.chunkSize) { chunk in
        if !running.withLock({ $0.contains(id) }) {
          cancelled = true
          return false
        }
        deliver(chunk)
        return true
      }
    } catch {
      return PHPhotosError(.missingResource, "cannot read '\(url.path)': \(error)")
    }
    if cancelled || !running.withLock({ $0.contains(id) }) {
      return PHPhotosError(.userCancelled, "the request for '\(assetID)' was cancelled")
    }
    return nil
  }

  /// Copies the file to `destination`; the error, or nil.
  private static func write(
    assetID: String, type: PHAssetResourceType, on device: PhotoKitDevice, to destination: URL
  ) -> (any Error)? {
    let source: URL
    switch device.loadResource(assetID: assetID, type: type) {
    case .success(let found): source = found
    case .failure(let error): return error
    }
    guard destination.isFileURL else {
      return CocoaError(
        .fileWriteUnsupportedScheme,
        userInfo: [NSLocalizedDescriptionKey: "'\(destination)' is not a file URL"])
    }
    if FileContents.exists(destination) {
      return CocoaError(
        .fileWriteFileExists,
        userInfo: [
          NSFilePathErrorKey: destination.path,
          NSLocalizedDescriptionKey: "'\(destination.path)' already exists",
        ])
    }
    do {
      try FileContents.copy(source, to: destination)
      return nil
    } catch {
      return error
    }
  }
}
