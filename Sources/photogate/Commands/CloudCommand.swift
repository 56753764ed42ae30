import ArgumentParser
import Foundation
import PhotoLibrary
import TerminalUI

/// `photogate cloud`: iCloud Photos with Optimize iPhone Storage, simulated per library.
struct CloudCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cloud",
    abstract: "Put assets in iCloud only, bring them back, and set the simulated network.",
    discussion: """
      An offloaded asset is "in iCloud only": the device keeps a small version (256 pixels on \
      the long side) and PhotoKit needs network access to hand out more, downloading it at \
      the simulated network's speed (see docs/icloud.md). The state is kept per library in \
      the state folder; the library folder is never changed. It is the library's, not an \
      app's: every app sees it.
      """,
    subcommands: [
      CloudStatusCommand.self, CloudOffloadCommand.self, CloudRestoreCommand.self,
      CloudNetworkCommand.self,
    ],
    defaultSubcommand: CloudStatusCommand.self
  )
}

/// What the cloud commands take: the library and the state folder (the state is the
/// library's, not an app's: no `--app`, `--ios` or `--info-plist`).
struct CloudOptions: ParsableArguments {
  @OptionGroup var libraryOptions: LibraryOptions

  @Option(
    name: .customLong("state-dir"),
    help: ArgumentHelp(
      "Where the library's iCloud state is kept, beside the apps' state (default "
        + "$PHOTOGATE_STATE_DIR, else $XDG_STATE_HOME/photogate).", valueName: "DIR"))
  var stateDir: String?

  /// The library folder, checked.
  func libraryURL() throws -> URL { try libraryOptions.checkedLibraryURL() }

  /// The folder library with its state in the state folder.
  func library() throws -> FolderLibrary {
    let url = try libraryURL()
    return FolderLibrary(
      root: url,
      attributesStore: LibraryAttributesStore(
        library: url, stateDirectory: AppOptions.stateDirectoryURL(option: stateDir)))
  }
}

/// `photogate cloud offload ID…`: marks assets as in iCloud only.
struct CloudOffloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "offload",
    abstract: "Keep only a small version of each asset on the device; the full one is in iCloud.")

  @OptionGroup var global: CloudOptions
  @Argument(help: "Asset ids (paths relative to the library).") var ids: [String] = []

  func run() throws {
    guard !ids.isEmpty else { throw CLIError.usage("name at least one asset id to offload") }
    try CloudCommand.change(global, ids: ids, offloaded: true)
  }
}

/// `photogate cloud restore ID…|--all`: downloads assets again.
struct CloudRestoreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore",
    abstract: "Download assets from iCloud again (at once, whatever the network).")

  @OptionGroup var global: CloudOptions
  @Argument(help: "Asset ids (paths relative to the library).") var ids: [String] = []
  @Flag(help: "Restore every asset that is in iCloud only.") var all = false

  func validate() throws {
    if all && !ids.isEmpty { throw ValidationError("give asset ids or --all, not both") }
    if !all && ids.isEmpty { throw ValidationError("name at least one asset id, or --all") }
  }

  func run() throws {
    guard all else {
      try CloudCommand.change(global, ids: ids, offloaded: false)
      return
    }
    do {
      let restored = try global.library().restoreAllFromCloud()
      print(
        restored.isEmpty
          ? "nothing was in iCloud only"
          : "\(name: restored.joined(separator: ", ")): now on the device")
    } catch {
      throw CLIError.from(error)
    }
  }
}

/// `photogate cloud network …`: the simulated network downloads go over.
struct CloudNetworkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "network",
    abstract: "Set the simulated network (speed, latency, fail rate, offline, seed).",
    discussion: """
      Without options, prints the network. A failing download breaks off part way; which \
      downloads fail, and where, follows from the seed, so a run is the same every time.
      """)

  @OptionGroup var global: CloudOptions
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Download speed: 2MB/s, 500kB/s, 1.5MiB/s, a number of bytes per second, or unlimited; "
        + "up to 10 GB/s.", valueName: "speed"))
  var speed: String?
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Wait before the first byte: 200ms, 1.5s or a number of milliseconds; "
        + "\(CloudNetworkCommand.latencyRange.text) (milliseconds).", valueName: "time"))
  var latency: String?
  @Option(
    name: .customLong("fail-rate"), parsing: .unconditional,
    help: ArgumentHelp("The share of downloads that fail, from 0 to 1.", valueName: "rate"))
  var failRate: Double?
  @Flag(help: "No network: every download fails at once.") var offline = false
  @Flag(help: "The network is back.") var online = false
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Seed of the choice of failing downloads; "
        + "\(CloudNetworkCommand.seedRange.text).", valueName: "N"))
  var seed: Int?

  static let seedRange = OptionRange(option: "--seed", lowerBound: 0, upperBound: Int.max)
  /// `--latency`, in milliseconds.
  static let latencyRange = OptionRange(
    option: "--latency", lowerBound: 0, upperBound: CloudNetwork.maximumLatencyMilliseconds)

  /// The parsed values, checked.
  struct Values {
    var speed: Int??
    var latency: Int?
  }

  func values() throws -> Values {
    var values = Values()
    if let speed {
      guard let parsed = CloudNetwork.parseSpeed(speed) else {
        throw ValidationError(
          "--speed must be a speed like 2MB/s, 500kB/s, 750000 or unlimited; "
            + "got '\(TerminalSafe.escape(speed))'")
      }
      if let bytes = parsed, bytes > CloudNetwork.maximumBytesPerSecond {
        throw ValidationError(
          "--speed must be at most 10 GB/s; got \(CloudNetwork.byteText(bytes))/s")
      }
      values.speed = .some(parsed)
    }
    if let latency {
      // A plain number is milliseconds, checked for its range as every number is.
      let parsed = Int(latency) ?? CloudNetwork.parseLatency(latency)
      guard let parsed else {
        throw ValidationError(
          "--latency must be a time like 200ms or 1.5s; got '\(TerminalSafe.escape(latency))'")
      }
      if parsed < 0 || parsed > CloudNetwork.maximumLatencyMilliseconds {
        throw ValidationError(
          "--latency must be \(Self.latencyRange.text) (milliseconds); got \(parsed)")
      }
      values.latency = parsed
    }
    return values
  }

  func validate() throws {
    _ = try values()
    if let failRate, !(failRate >= 0 && failRate <= 1) {
      throw ValidationError("--fail-rate must be from 0 to 1; got \(failRate)")
    }
    if offline && online { throw ValidationError("give --offline or --online, not both") }
    try Self.seedRange.check(seed)
  }

  func run() throws {
    let values = try values()
    do {
      let network = try global.library().updateCloudNetwork { network in
        if let speed = values.speed { network.bytesPerSecond = speed }
        if let latency = values.latency { network.latencyMilliseconds = latency }
        if let failRate { network.failRate = failRate }
        if offline { network.isOffline = true }
        if online { network.isOffline = false }
        if let seed { network.seed = UInt64(seed) }
      }
      print(CloudCommand.text(network))
    } catch {
      throw CLIError.from(error)
    }
  }
}

/// `photogate cloud [status]`: what is in iCloud only, and the network.
struct CloudStatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status", abstract: "Print the assets in iCloud only and the network.")

  @OptionGroup var global: CloudOptions
  @Flag(help: "Print one JSON object.") var json = false

  struct Output: Encodable {
    var library: String
    var offloaded: [String]
    var network: Network

    struct Network: Encodable {
      var bytesPerSecond: Int?
      var latencyMilliseconds: Int
      var failRate: Double
      var offline: Bool
      var seed: UInt64

      private enum CodingKeys: String, CodingKey {
        case bytesPerSecond, latencyMilliseconds, failRate, offline, seed
      }

      // `bytesPerSecond` is written as null when unlimited (the synthesized encoding would
      // leave it out).
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bytesPerSecond, forKey: .bytesPerSecond)
        try container.encode(latencyMilliseconds, forKey: .latencyMilliseconds)
        try container.encode(failRate, forKey: .failRate)
        try container.encode(offline, forKey: .offline)
        try container.encode(seed, forKey: .seed)
      }
    }
  }

  func run() throws {
    do {
      let library = try global.library()
      let state = try library.cloudState()
      let ids = state.offloaded.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      if json {
        let network = state.network
        try JSONOutput.print(
          Output(
            library: library.root.path, offloaded: ids,
            network: Output.Network(
              bytesPerSecond: network.bytesPerSecond,
              latencyMilliseconds: network.latencyMilliseconds, failRate: network.failRate,
              offline: network.isOffline, seed: network.seed)))
        return
      }
      print("library: \(name: library.root.path)")
      print(CloudCommand.text(state.network))
      if ids.isEmpty {
        print("in iCloud only: none")
      } else {
        print("in iCloud only (\(ids.count)):")
        for id in ids { print("  \(name: id)") }
      }
    } catch {
      throw CLIError.from(error)
    }
  }
}

extension CloudCommand {
  /// Offloads or restores `ids`, printing what changed.
  static func change(_ global: CloudOptions, ids: [String], offloaded: Bool) throws {
    do {
      let changed = try global.library().setOffloaded(offloaded, for: ids)
      let state = offloaded ? "in iCloud only" : "on the device"
      print(
        changed.isEmpty
          ? "already \(state)"
          : "\(name: changed.joined(separator: ", ")): now \(state)")
    } catch {
      throw CLIError.from(error)
    }
  }

  /// "network: 2 MB/s, latency 200 ms, fail rate 0, online, seed 0".
  static func text(_ network: CloudNetwork) -> String {
    let rate =
      network.failRate == network.failRate.rounded()
      ? String(Int(network.failRate)) : String(network.failRate)
    return "network: \(network.speedText), latency \(network.latencyMilliseconds) ms, "
      + "fail rate \(rate), \(network.isOffline ? "offline" : "online"), seed \(network.seed)"
  }
}
