import Foundation
import PhotoLibrary

/// How fetching an offloaded asset's full version for a request ended.
enum CloudFetch: Sendable {
  /// The full version is on the device now (downloaded, and the asset is local again).
  case downloaded
  /// It could not be had: no network access allowed (`networkAccessRequired`), offline, or
  /// the download broke off (`networkError`).
  case failed(PHPhotosError)
  /// The progress handler's stop flag or a cancellation stopped the download.
  case cancelled
}

extension PhotoKitDevice {
  /// The simulated network iCloud downloads go over (speed, latency, fail rate, offline, seed).
  public typealias CloudNetwork = PhotoLibrary.CloudNetwork
  /// A clock whose waits return at once, for tests of slow downloads.
  public typealias VirtualCloudClock = PhotoLibrary.VirtualCloudClock

  /// Puts the assets `ids` in iCloud only, as Optimize iPhone Storage does (`photogate cloud
  /// offload`): the device keeps a small version; more needs network access. Throws when an
  /// id names no asset of the library, or the library keeps no state (install the device with
  /// a `library` and a `stateDirectory`).
  public func offloadToCloud(_ ids: [String]) throws {
    try session.setOffloaded(true, for: ids)
  }

  /// Brings the assets `ids` back to the device at once (`photogate cloud restore`).
  public func restoreFromCloud(_ ids: [String]) throws {
    try session.setOffloaded(false, for: ids)
  }

  /// Whether the asset `id` is in iCloud only now (a finished download makes it local).
  public func isInCloud(_ id: String) -> Bool {
    (try? session.isOffloaded(id)) ?? false
  }

  /// Sets the simulated network downloads go over (`photogate cloud network`).
  public func setCloudNetwork(_ network: CloudNetwork) throws {
    _ = try session.updateCloudNetwork { $0 = network }
  }

  /// Makes this device's iCloud downloads wait on `clock` (a `VirtualCloudClock` in tests, so
  /// that a slow network costs no time). Mirrors nothing in PhotoKit: a device's clock is the
  /// wall clock.
  public func useCloudClock(_ clock: any CloudClock) {
    cloudDownloader.withLock { $0 = CloudDownloader(clock: clock) }
  }

  /// The readable asset `id` when its full version is in iCloud only (the file offloaded under
  /// its id is the one there now); nil when it is local, or cannot be read (the request then reads as usual, and reports that).
  func offloadedAsset(id: String) -> Asset? {
    guard let state = cloudState(), state.offloaded.contains(id),
      let asset = try? mapEngineErrors({ try session.asset(withID: id) }),
      state.isOffloaded(asset)
    else { return nil }
    return asset
  }

  /// The library's iCloud state, read again only when its file changed (every request asks,
  /// and a library with many offloaded assets has a large file); nil when the library keeps
  /// none. A damaged file is reported (the device's error handler) and read as nothing
  /// offloaded, so that requests still answer.
  func cloudState() -> CloudState? {
    guard let store = session.cloudStore else { return nil }
    do {
      return try cloudStateCache.state(of: store)
    } catch {
      report(error)
      return nil
    }
  }

  /// Fetches the full version of the offloaded `asset`: refused without `networkAllowed`;
  /// else downloaded over the library's simulated network, reporting progress to `progress`
  /// (false stops it) and, on a failure, the last progress and the error to `failed`. A
  /// finished download makes the asset local, as on a device.
  func fetchFromCloud(
    _ asset: Asset, networkAllowed: Bool, progress: (Double) -> Bool,
    failed: (Double, PHPhotosError) -> Void = { _, _ in }
  ) -> CloudFetch {
    guard networkAllowed else {
      return .failed(
        PHPhotosError(
          .networkAccessRequired,
          "'\(asset.id)' is in iCloud only: allow network access to download it",
          localIdentifiers: [asset.id]))
    }
    let outcome: CloudDownloader.Outcome
    do {
      outcome = try session.downloadFromCloud(
        asset, with: cloudDownloader.current, progress: progress)
    } catch {
      return .failed(PHPhotosError(.networkError, "\(error)", localIdentifiers: [asset.id]))
    }
    switch outcome {
    case .finished:
      return .downloaded
    case .cancelled:
      return .cancelled
    case .failed(let failure):
      let error = PHPhotosError(
        .networkError, "'\(asset.id)': \(failure)", localIdentifiers: [asset.id])
      failed(failure.progress, error)
      return .failed(error)
    }
  }
}
