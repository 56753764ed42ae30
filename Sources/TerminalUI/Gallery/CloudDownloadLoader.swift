import Foundation
import PhotoLibrary
import PickerCore

/// Downloads from iCloud the assets the gallery's preview opens while they are in iCloud only,
/// over the library's simulated network, each on a thread of its own, posting the progress as
/// ``GalleryEvent/cloudDownload(id:_:)`` events (as Photos fills a tile's progress ring). A
/// finished download makes the asset local; one already running is not started again.
///
/// Sendable by hand (`@unchecked`): the running set is touched only under `lock`.
public final class CloudDownloadLoader: @unchecked Sendable {
  private let device: SimulatedPhone
  private let downloader: CloudDownloader
  private let post: @Sendable (GalleryEvent) -> Void
  private let lock = NSLock()
  private var running: Set<AssetIDKey> = []

  public init(
    device: SimulatedPhone, downloader: CloudDownloader = CloudDownloader(),
    post: @escaping @Sendable (GalleryEvent) -> Void
  ) {
    self.device = device
    self.downloader = downloader
    self.post = post
  }

  /// Starts downloading the asset `id` (nothing when its download is running).
  public func start(_ id: String) {
    guard lock.withLock({ running.insert(AssetIDKey(id)).inserted }) else { return }
    Thread.detachNewThread { [self] in
      post(.cloudDownload(id: id, run(id)))
      _ = lock.withLock { running.remove(AssetIDKey(id)) }
    }
  }

  /// Downloads `id`, posting progress; how it ended.
  func run(_ id: String) -> CloudDownloadStatus {
    do {
      let session = device.session
      // Downloaded meanwhile (another request, `cloud restore`): nothing to fetch.
      guard try session.isOffloaded(id) else { return .finished }
      let asset = try session.asset(withID: id)
      let outcome = try session.downloadFromCloud(asset, with: downloader) { value in
        post(.cloudDownload(id: id, .progress(value)))
        return true
      }
      switch outcome {
      case .finished: return .finished
      case .failed(let failure): return .failed(failure.description)
      case .cancelled: return .failed("the download was stopped")
      }
    } catch {
      return .failed("\(error)")
    }
  }
}
