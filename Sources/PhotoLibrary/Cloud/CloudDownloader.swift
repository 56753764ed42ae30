import Foundation
import Synchronization

/// Downloads an offloaded asset's full version over the simulated ``CloudNetwork``, as iCloud
/// Photos does on a device when an app allows network access: after the latency, the bytes
/// arrive at the network's speed and progress is reported from 0 to 1 in increasing steps; an
/// offline device fails at once, and a share of downloads (the fail rate) fails part way.
///
/// Which downloads fail, and where, follows from the network's seed, the asset's id and how
/// many times this downloader has downloaded that asset, so a run is the same every time. Time
/// passes on the injected ``CloudClock``.
public final class CloudDownloader: Sendable {
  /// The clock downloads wait on.
  public let clock: any CloudClock
  private let attempts = Mutex<[AssetIDKey: UInt64]>([:])

  /// The wait between two progress reports (at most ``maximumSteps`` reports per download).
  public static let stepInterval = Duration.milliseconds(100)
  /// The most progress reports one download makes after its first (0).
  public static let maximumSteps = 100

  public init(clock: any CloudClock = SystemCloudClock()) { self.clock = clock }

  /// How a download ended.
  public enum Outcome: Sendable, Equatable {
    /// Every byte arrived.
    case finished
    /// The download failed; `progress` is how far it got (0 when offline).
    case failed(CloudDownloadFailure)
    /// The caller stopped it (its progress handler returned false).
    case cancelled
  }

  /// Downloads `byteCount` bytes of the asset `id` over `network`, calling `progress` with 0
  /// when the first byte is due and then with increasing values up to 1 (or up to where it
  /// fails); `progress` returns false to stop the download. Blocks for the download's time on
  /// the clock.
  public func download(
    id: String, byteCount: Int, network: CloudNetwork, progress: (Double) -> Bool
  ) -> Outcome {
    let attempt = attempts.withLock { counts -> UInt64 in
      let key = AssetIDKey(id)
      counts[key, default: 0] += 1
      return counts[key]!
    }
    if network.isOffline {
      return .failed(CloudDownloadFailure(reason: .offline, progress: 0))
    }
    var random = SeededGenerator(
      seed: network.seed ^ Self.hash(id) ^ (attempt &* 0x9E37_79B9_7F4A_7C15))
    let fails = random.nextUnit() < network.failRate
    // Where a failing download stops: somewhere between a tenth and nine tenths of the file.
    let failPoint = 0.1 + 0.8 * random.nextUnit()
    clock.sleep(for: .milliseconds(network.latencyMilliseconds))
    guard progress(0) else { return .cancelled }
    let bytes = max(1, byteCount)
    let steps: Int
    let stepDuration: Duration
    if let speed = network.bytesPerSecond, speed > 0 {
      let total = Duration.seconds(Double(bytes) / Double(speed))
      steps = max(1, min(Self.maximumSteps, Int((total / Self.stepInterval).rounded(.up))))
      stepDuration = total / steps
    } else if network.bytesPerSecond == 0 {
      // Nothing ever arrives: the download stalls until the caller stops it.
      while true {
        clock.sleep(for: Self.stepInterval)
        guard progress(0) else { return .cancelled }
      }
    } else {
      steps = 1
      stepDuration = .zero
    }
    for step in 1...steps {
      clock.sleep(for: stepDuration)
      let value = Double(step) / Double(steps)
      if fails, value >= failPoint {
        return .failed(
          CloudDownloadFailure(reason: .networkError, progress: Double(step - 1) / Double(steps)))
      }
      guard progress(value) else { return .cancelled }
    }
    return .finished
  }

  /// 64-bit FNV-1a of the id's bytes.
  static func hash(_ id: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}

/// Why an iCloud download failed, and how far it had got.
public struct CloudDownloadFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Reason: String, Sendable, Equatable {
    /// The device has no network (`cloud network --offline`).
    case offline
    /// The download broke off part way (`cloud network --fail-rate`).
    case networkError
  }

  public var reason: Reason
  /// The last progress reported before the failure.
  public var progress: Double

  public init(reason: Reason, progress: Double) {
    self.reason = reason
    self.progress = progress
  }

  public var description: String {
    switch reason {
    case .offline: "the device is offline: the full version is in iCloud"
    case .networkError:
      "the download from iCloud broke off at \(Int((progress * 100).rounded()))%"
    }
  }
}
