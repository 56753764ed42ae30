import PhotoLibrary
import Testing

/// Downloads over the simulated network take the network's time on the injected clock (no
/// test sleeps), report increasing progress, and fail as the network's seed says.
@Suite struct CloudDownloaderTests {
  /// Runs one download, returning its outcome, the progress reported and the clock's time.
  func run(
    _ network: CloudNetwork, bytes: Int, id: String = "a.jpg",
    downloader: CloudDownloader = CloudDownloader(clock: VirtualCloudClock()),
    stopAt: Double? = nil
  ) -> (CloudDownloader.Outcome, [Double], Duration) {
    var reports: [Double] = []
    let start = downloader.clock.now
    let outcome = downloader.download(id: id, byteCount: bytes, network: network) { value in
      reports.append(value)
      return stopAt.map { value < $0 } ?? true
    }
    return (outcome, reports, downloader.clock.now - start)
  }

  @Test func aDownloadTakesTheLatencyPlusTheSizeOverTheSpeed() {
    let network = CloudNetwork(bytesPerSecond: 1_000_000, latencyMilliseconds: 200)
    let (outcome, reports, elapsed) = run(network, bytes: 2_000_000)
    #expect(outcome == .finished)
    #expect(elapsed == .milliseconds(2200))
    #expect(reports.first == 0)
    #expect(reports.last == 1)
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0 < $1 })
    // One report every 100 ms of transfer, plus the first.
    #expect(reports.count == 21)
  }

  @Test func anUnlimitedNetworkTakesOnlyTheLatency() {
    let network = CloudNetwork(bytesPerSecond: nil, latencyMilliseconds: 50)
    let (outcome, reports, elapsed) = run(network, bytes: 10_000_000)
    #expect(outcome == .finished)
    #expect(reports == [0, 1])
    #expect(elapsed == .milliseconds(50))
  }

  @Test func offlineFailsAtOnceWithoutProgress() {
    let (outcome, reports, elapsed) = run(CloudNetwork(isOffline: true), bytes: 1000)
    #expect(outcome == .failed(CloudDownloadFailure(reason: .offline, progress: 0)))
    #expect(reports.isEmpty)
    #expect(elapsed == .zero)
  }

  @Test func aFailRateOfOneFailsPartWay() {
    let network = CloudNetwork(bytesPerSecond: 100_000, latencyMilliseconds: 0, failRate: 1)
    let (outcome, reports, _) = run(network, bytes: 1_000_000)
    guard case .failed(let failure) = outcome else {
      Issue.record("expected a failure, got \(outcome)")
      return
    }
    #expect(failure.reason == .networkError)
    #expect(failure.progress > 0 && failure.progress < 1)
    #expect(reports.last == failure.progress)
    #expect(!reports.contains(1))
  }

  @Test func theSameSeedFailsTheSameDownloads() {
    let network = CloudNetwork(bytesPerSecond: nil, latencyMilliseconds: 0, failRate: 0.5, seed: 7)
    func outcomes() -> [Bool] {
      let downloader = CloudDownloader(clock: VirtualCloudClock())
      return (0..<40).map { index in
        run(network, bytes: 10, id: "\(index % 5).jpg", downloader: downloader).0 == .finished
      }
    }
    let first = outcomes()
    #expect(first == outcomes())
    // About half fail: neither none nor all.
    #expect(first.contains(true) && first.contains(false))
  }

  @Test func stoppingCancels() {
    let network = CloudNetwork(bytesPerSecond: 1_000, latencyMilliseconds: 0)
    let (outcome, reports, _) = run(network, bytes: 10_000, stopAt: 0.3)
    #expect(outcome == .cancelled)
    #expect(reports.last.map { $0 >= 0.3 && $0 < 1 } == true)
  }

  @Test func aStalledNetworkWaitsUntilStopped() {
    let network = CloudNetwork(bytesPerSecond: 0, latencyMilliseconds: 0)
    var calls = 0
    let downloader = CloudDownloader(clock: VirtualCloudClock())
    let outcome = downloader.download(id: "a", byteCount: 10, network: network) { _ in
      calls += 1
      return calls < 5
    }
    #expect(outcome == .cancelled)
    #expect(downloader.clock.now == .milliseconds(400))
  }
}
