import ArgumentParser
import Foundation
import PhotoLibrary
import TerminalUI

/// `photogate assets`: what the app can see under its current access.
struct AssetsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assets",
    abstract: "List the assets the app can see under its current access.",
    discussion: """
      Full access lists everything; limited lists the selection plus the app's own creations; \
      add-only, denied, restricted and notDetermined list nothing. This is a library access: \
      while limited, the automatic limited-access alert appears once per launch on stderr \
      (answer it with --alert keep|select-more and --select ID...). With full access, files \
      that are not shown are counted on stderr ("3 skipped: 2 not images, 1 unreadable"); \
      --verbose lists each with the reason. The first library access while read/write is \
      notDetermined shows the read/write prompt by itself, as Photos does: answer it with \
      --answer (unanswered: exit 2, nothing stored). --select checks only ids of existing \
      assets; an unknown id is refused (exit 1). A warning about a file (unreadable, a link \
      not followed) is printed once per change of the file, remembered in the state dir per \
      library; --all-warnings prints every one.
      """
  )

  @OptionGroup var global: GlobalOptions
  @OptionGroup var interaction: InteractionOptions
  @Flag(
    help: """
      Print a JSON array of {id, path, width, height, mediaType, mediaSubtypes, duration, \
      isFavorite, isHidden, isInCloud, resources}.
      """)
  var json = false
  @Option(
    help: ArgumentHelp(
      "List one collection: a smart album (title or subtype: Recents, livePhotos, …) or an album.",
      valueName: "name"))
  var album: String?
  @Flag(help: "With full access, list every skipped file with the reason on stderr.")
  var verbose = false
  @Flag(
    help: """
      Print every warning about the library's files, also those printed before for the file \
      as it is now (by default each is printed once per change of the file).
      """)
  var allWarnings = false
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Skip the first N assets (newest first), for paging in scripts; "
        + "\(AssetsCommand.offsetRange.text).", valueName: "N"))
  var offset = 0
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "List at most N assets; \(AssetsCommand.limitRange.text).", valueName: "N"))
  var limit: Int?

  /// `--offset`: past the end lists nothing.
  static let offsetRange = OptionRange(option: "--offset", lowerBound: 0, upperBound: nil)
  /// `--limit`: 0 lists nothing.
  static let limitRange = OptionRange(option: "--limit", lowerBound: 0, upperBound: nil)
  @Option(help: "The button to press if the read/write prompt appears.") var answer: String?

  func validate() throws {
    try Self.offsetRange.check(offset)
    try Self.limitRange.check(limit)
  }

  /// Writes `asset` as one element of `--json` ({id, path, width, height, mediaType,
  /// mediaSubtypes, duration, isFavorite, isHidden, isInCloud, resources}), as the pretty
  /// printer writes it at the array's level: what `JSONEncoder` with sorted keys gives, written
  /// by hand straight into the output's buffer (at a million assets the encoder, or even each
  /// element's text built as a string, is much of the command's time).
  static func writeJSON(_ asset: Asset, cloud: CloudState, to out: inout BufferedOutput) {
    out.write("  {\n    \"duration\" : ")
    out.write(JSONText.number(asset.duration))
    out.write(",\n    \"height\" : ")
    out.write(String(asset.pixelHeight))
    out.write(",\n    \"id\" : ")
    out.writeQuoted(asset.id)
    out.write(",\n    \"isFavorite\" : ")
    out.write(asset.isFavorite ? "true" : "false")
    out.write(",\n    \"isHidden\" : ")
    out.write(asset.isHidden ? "true" : "false")
    out.write(",\n    \"isInCloud\" : ")
    out.write(cloud.isOffloaded(asset) ? "true" : "false")
    out.write(",\n    \"mediaSubtypes\" : ")
    out.write(JSONText.strings(asset.mediaSubtypes.names, indent: "    "))
    out.write(",\n    \"mediaType\" : ")
    out.writeQuoted(asset.mediaType.name)
    out.write(",\n    \"path\" : ")
    out.writeQuoted(asset.path)
    out.write(",\n    \"resources\" : ")
    let resources = asset.resourcePaths
    if resources.isEmpty {
      out.write("[]")
    } else {
      out.write("[\n")
      for (offset, resource) in resources.enumerated() {
        out.write(offset == 0 ? "      {\n        \"path\" : " : ",\n      {\n        \"path\" : ")
        out.writeQuoted(resource.path)
        out.write(",\n        \"type\" : ")
        out.writeQuoted(resource.kind.name)
        out.write("\n      }")
      }
      out.write("\n    ]")
    }
    out.write(",\n    \"width\" : ")
    out.write(String(asset.pixelWidth))
    out.write("\n  }")
  }

  /// What the scan (or the listing's refresh) left out, on stderr: each skipped file and
  /// problem for an app with full access, else only the problems of the files it may see.
  private func report(_ scan: FolderScan?, access: LibraryAccess, session: PhotoLibrarySession)
    throws
  {
    // Each warning once per change of its file, unless all are asked for.
    var ledger =
      allWarnings
      ? nil
      : SkippedFileReport.Ledger(
        stateDirectory: global.stateDirectoryURL(), library: global.libraryURL())
    // Only an app with full access may learn about files it is not shown.
    if let scan, access == .full {
      SkippedFileReport.write(scan, verbose: verbose, assetProblems: true, ledger: &ledger)
      if let skipped = scan.skippedSummary { StandardError.write("\(skipped)\n") }
    } else {
      SkippedFileReport.warn(try session.scanProblems(in: scan), ledger: &ledger)
    }
    ledger?.save()
  }

  /// The listing streamed from the index: each asset written as it is read (formatted on
  /// another core, see ``BatchedOutput``), so that memory does not grow with the library;
  /// `--limit` stops the read.
  private func list(
    _ listing: IndexedListing, in kind: AssetCollection.Kind?, session: PhotoLibrarySession,
    cli: CLIResponder
  ) throws {
    var output: BatchedOutput?
    var seen = 0
    // The first asset, or the end, comes after the prompts: then what was left out is
    // reported, before anything is listed.
    func start() throws -> BatchedOutput {
      if let prompt = cli.unansweredPrompt {
        if json { StandardError.write(PromptText.prompt(prompt)) }
        throw cli.unansweredError(prompt)
      }
      try report(listing.report, access: try session.access(), session: session)
      if json {
        let cloud = try session.cloudState()
        return BatchedOutput { asset, isFirst, out in
          out.write(isFirst ? "[\n" : ",\n")
          Self.writeJSON(asset, cloud: cloud, to: &out)
        }
      }
      print("library: \(name: global.libraryURL().path)")
      return BatchedOutput { asset, _, out in
        out.write(
          "\(name: asset.id)\t\(asset.pixelWidth)x\(asset.pixelHeight)\(asset.listingBadge)\n")
      }
    }
    try session.forEachAsset(in: listing, collection: kind) { asset in
      let out = try output ?? start()
      output = out
      seen += 1
      if seen > offset, out.count < limit ?? Int.max { out.add(asset) }
      if let limit, out.count >= limit { return false }
      return true
    }
    let out = try output ?? start()
    if seen == 0 && !json {
      StandardError.write("(nothing visible: \(try session.access().summary))\n")
    }
    out.finish(trailer: json ? (out.count == 0 ? "[]\n" : "\n]\n") : "")
  }

  func run() throws {
    let cli = CLIResponder(
      answers: answer.map { [$0] } ?? [], picks: interaction.select,
      alert: interaction.alert.choice, printPrompts: !json)
    do {
      let session = try global.makeSession(responder: cli.responder)
      let kind = album.map(AssetCollection.Kind.init(argument:))
      // A folder library is listed from its index, one asset at a time: no list of the whole
      // library is held (see `IndexedListing`).
      if let folder = session.backend as? FolderLibrary,
        let listing = IndexedListing.refresh(folder)
      {
        try session.checkAssetsExist(interaction.select, in: listing)
        try list(listing, in: kind, session: session, cli: cli)
        return
      }
      try session.checkAssetsExist(interaction.select)
      // One scan of a folder library gives the list and what it leaves out.
      let folder = session.backend as? FolderLibrary
      let scan = folder?.scan()
      let all: AssetList
      if let kind {
        // Over the scan just made: the folder is listed once.
        let listing = try scan.flatMap { scan in try folder?.withAttributes(scan.assets) }
        all = try session.collection(kind, among: listing).assets
      } else if let scan, let folder {
        all = try session.fetchAssets(among: folder.withAttributes(scan.assets))
      } else {
        all = try session.fetchAssets()
      }
      if let prompt = cli.unansweredPrompt {
        if json { StandardError.write(PromptText.prompt(prompt)) }
        throw cli.unansweredError(prompt)
      }
      let access = try session.access()
      let assets = all.dropFirst(offset).prefix(limit ?? all.count)
      try report(scan, access: access, session: session)
      if json {
        let cloud = try session.cloudState()
        var out = BufferedOutput()
        out.write(assets.isEmpty ? "[]\n" : "[\n")
        for (offset, asset) in assets.enumerated() {
          if offset > 0 { out.write(",\n") }
          Self.writeJSON(asset, cloud: cloud, to: &out)
        }
        if !assets.isEmpty { out.write("\n]\n") }
        out.flush()
        return
      }
      print("library: \(name: global.libraryURL().path)")
      if all.isEmpty {
        StandardError.write("(nothing visible: \(try session.access().summary))\n")
      }
      var out = BufferedOutput()
      for asset in assets {
        out.write(
          "\(name: asset.id)\t\(asset.pixelWidth)x\(asset.pixelHeight)\(asset.listingBadge)\n")
      }
      out.flush()
    } catch {
      throw CLIError.from(error)
    }
  }
}

extension LibraryAccess {
  /// A few words for messages.
  var summary: String {
    switch self {
    case .full: "full access"
    case .limited(let ids, _): "limited access to \(ids.count) selected"
    case .addOnly: "add-only access reads nothing"
    case .none: "no access"
    }
  }
}

/// Standard output written in large blocks (one `write(2)` per 64 KiB).
struct BufferedOutput {
  private var buffer: [UInt8] = []

  mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 65_536 { flush() }
  }

  /// `text` as a JSON string literal (see ``JSONText/quoted(_:)``), copied as it is when it
  /// needs no escape.
  mutating func writeQuoted(_ text: String) {
    var text = text
    let plain = text.withUTF8 { bytes in
      if bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return false }
      buffer.append(UInt8(ascii: "\""))
      buffer.append(contentsOf: bytes)
      buffer.append(UInt8(ascii: "\""))
      return true
    }
    if !plain { buffer.append(contentsOf: JSONText.quoted(text).utf8) }
    if buffer.count >= 65_536 { flush() }
  }

  mutating func append(_ bytes: ArraySlice<UInt8>) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 65_536 { flush() }
  }

  mutating func flush() {
    if buffer.isEmpty { return }
    fflush(nil)  // what `print` has buffered goes first
    FileHandle.standardOutput.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }
}
