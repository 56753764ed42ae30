import PhotoLibrary
import Testing

/// How `cloud network` reads speeds and latencies, and how they are written back.
@Suite struct CloudNetworkTests {
  @Test(
    arguments: [
      ("2MB/s", 2_000_000), ("500kB/s", 500_000), ("500KB", 500_000), ("1.5MiB/s", 1_572_864),
      ("750000", 750_000), ("1 GB/s", 1_000_000_000), ("0", 0), ("12B/s", 12),
    ] as [(String, Int)])
  func speeds(text: String, bytes: Int) {
    #expect(CloudNetwork.parseSpeed(text) == .some(bytes))
  }

  @Test func unlimitedIsNoLimit() {
    #expect(CloudNetwork.parseSpeed("unlimited") == .some(nil))
  }

  @Test(arguments: ["fast", "-1MB/s", "2 MB/h", "", "MB/s", "1e400"])
  func notSpeeds(text: String) {
    #expect(CloudNetwork.parseSpeed(text) == nil)
  }

  @Test(arguments: [("200ms", 200), ("1.5s", 1500), ("0", 0), ("75", 75)] as [(String, Int)])
  func latencies(text: String, milliseconds: Int) {
    #expect(CloudNetwork.parseLatency(text) == milliseconds)
  }

  @Test(arguments: ["soon", "-5ms", "3m", ""])
  func notLatencies(text: String) {
    #expect(CloudNetwork.parseLatency(text) == nil)
  }

  @Test(
    arguments: [
      (2_000_000, "2 MB/s"), (1_500, "1.5 kB/s"), (12, "12 B/s"), (3_000_000_000, "3 GB/s"),
    ] as [(Int, String)])
  func speedText(bytes: Int, text: String) {
    #expect(CloudNetwork(bytesPerSecond: bytes).speedText == text)
  }
}
