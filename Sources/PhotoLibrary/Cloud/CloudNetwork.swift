import Foundation

/// The network an iCloud download goes over, simulated: how fast it is, how long a request
/// waits before the first byte, how often a download fails, whether the device is offline, and
/// the seed that makes which downloads fail the same in every run.
public struct CloudNetwork: Sendable, Equatable, Codable {
  /// Bytes per second; nil for no limit (a download then takes only the latency).
  public var bytesPerSecond: Int?
  /// Milliseconds before the first byte arrives.
  public var latencyMilliseconds: Int
  /// The share of downloads that fail part way, from 0 (none) to 1 (all).
  public var failRate: Double
  /// No network: every download fails at once.
  public var isOffline: Bool
  /// Seeds the choice of which downloads fail and where.
  public var seed: UInt64

  /// The network a new library starts with: 2 MB/s, 200 ms, nothing fails, online.
  public init(
    bytesPerSecond: Int? = 2_000_000, latencyMilliseconds: Int = 200, failRate: Double = 0,
    isOffline: Bool = false, seed: UInt64 = 0
  ) {
    self.bytesPerSecond = bytesPerSecond
    self.latencyMilliseconds = latencyMilliseconds
    self.failRate = failRate
    self.isOffline = isOffline
    self.seed = seed
  }

  /// The largest accepted speed, latency and seed (`cloud network` checks these ranges).
  public static let maximumBytesPerSecond = 10_000_000_000
  public static let maximumLatencyMilliseconds = 600_000

  /// "2 MB/s" (decimal units, as network speeds are written), or "unlimited".
  public var speedText: String {
    guard let bytesPerSecond else { return "unlimited" }
    return Self.byteText(bytesPerSecond) + "/s"
  }

  /// 2000000 → "2 MB", 1500 → "1.5 kB", 12 → "12 B".
  public static func byteText(_ bytes: Int) -> String {
    let units: [(Int, String)] = [(1_000_000_000, "GB"), (1_000_000, "MB"), (1_000, "kB")]
    for (size, unit) in units where bytes >= size {
      let value = Double(bytes) / Double(size)
      let text =
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
      return "\(text) \(unit)"
    }
    return "\(bytes) B"
  }

  /// Reads a speed as `cloud network --speed` takes it: "2MB/s", "500kB/s", "750000" (bytes
  /// per second), "1.5MiB/s", "unlimited"; nil when it is not one. `/s` is optional; units are
  /// B, kB/KB (1000), MB, GB, KiB (1024), MiB, GiB, case-insensitive but for the i.
  public static func parseSpeed(_ text: String) -> Int?? {
    var body = text.trimmingCharacters(in: .whitespaces)
    if body.lowercased() == "unlimited" { return .some(nil) }
    if body.lowercased().hasSuffix("/s") { body.removeLast(2) }
    let digits = body.prefix { $0.isNumber || $0 == "." }
    let unit = body.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
    guard let value = Double(digits), value.isFinite, value >= 0 else { return nil }
    let factors: [String: Double] = [
      "": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "kib": 1024, "mib": 1_048_576,
      "gib": 1_073_741_824,
    ]
    guard let factor = factors[unit] else { return nil }
    let bytes = (value * factor).rounded()
    guard bytes < Double(Int.max) else { return nil }
    return .some(Int(bytes))
  }

  /// Reads a latency as `--latency` takes it: "200ms", "1.5s", "200" (milliseconds); nil when
  /// it is not one.
  public static func parseLatency(_ text: String) -> Int? {
    let body = text.trimmingCharacters(in: .whitespaces).lowercased()
    let digits = body.prefix { $0.isNumber || $0 == "." }
    let unit = body.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
    guard let value = Double(digits), value.isFinite, value >= 0 else { return nil }
    let factor: Double
    switch unit {
    case "", "ms": factor = 1
    case "s": factor = 1000
    default: return nil
    }
    let milliseconds = (value * factor).rounded()
    guard milliseconds < Double(Int.max) else { return nil }
    return Int(milliseconds)
  }
}
