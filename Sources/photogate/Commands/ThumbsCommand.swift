import ArgumentParser
import Foundation
import ImageDecoding
import PhotoLibrary
import TerminalUI

/// `photogate thumbs`: fill the freedesktop.org thumbnail cache for a whole library.
///
/// Wiring only: the library's own scan (``FolderLibrary/scan()``) finds the images, so this
/// lists exactly the assets `assets` and the gallery list; ``ThumbnailCache`` makes them on all
/// cores; this prints the progress bar, the summary lines and the failures.
struct ThumbsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "thumbs",
    abstract: "Fill the thumbnail cache for a whole library.",
    discussion: """
      Thumbnails follow the freedesktop.org Thumbnail Managing Standard, so file managers share \
      them: $XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/<md5 of the URI>.png. A \
      thumbnail is reused while the file's mtime is unchanged. Files that cannot be read are \
      recorded under fail/photogate/ and not retried until they change (or with --force). \
      The images are the library's assets, found exactly as `assets` and `browse` find them. \
      Prints "library: DIR", then "N thumbnails: M new, K cached, E failed in T s", then (when \
      some files are not images, unreadable, or links that are not followed) "S skipped: …" \
      with the count for each reason, then each failure on stderr; exits 1 when any thumbnail \
      failed.
      """
  )

  @OptionGroup var libraryOptions: LibraryOptions

  @Argument(help: "The library folder (default: the library --library names).")
  var directory: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      """
      Thumbnail size, \(ThumbsCommand.sizeRange.text): 128, 256, 512 or 1024 pick that folder; \
      any other value uses the smallest standard size at least that large.
      """,
      valueName: "N"))
  var size: Int = 256

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Images decoded at once, \(ThumbsCommand.jobsRange.text) (default: the number of cores).",
      valueName: "N"))
  var jobs: Int?

  /// `--size`: the largest freedesktop.org size is 1024.
  static let sizeRange = OptionRange(option: "--size", lowerBound: 1, upperBound: 1024)
  /// `--jobs`: each job holds one decoded image, up to the decoders' 1 GiB budget.
  static let jobsRange = OptionRange(option: "--jobs", lowerBound: 1, upperBound: 64)

  @Option(
    help: ArgumentHelp(
      "The thumbnails folder, instead of $XDG_CACHE_HOME/thumbnails.", valueName: "DIR"))
  var cache: String?

  @Flag(help: "Make every thumbnail again, even fresh ones and recorded failures.")
  var force = false

  @Flag(help: "List every skipped file with the reason on stderr.")
  var verbose = false

  @Flag(help: "fsync each thumbnail and its folder, so that a power cut loses none (slower).")
  var sync = false

  func validate() throws {
    try Self.sizeRange.check(size)
    try Self.jobsRange.check(jobs)
  }

  func run() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let library = try libraryOptions.checkedLibraryURL(positional: directory)
    print("library: \(name: library.path)")
    let scan = FolderLibrary(root: library).scan()
    if let error = scan.rootError { throw CLIError.failed(TerminalSafe.escape(error.description)) }
    let images = scan.assets.map(\.url).sorted { $0.path < $1.path }
    guard let thumbnailSize = ThumbnailSize(fitting: size) else {
      throw ValidationError("--size must be \(Self.sizeRange.text); got \(size)")
    }
    let cacheRoot = cache.map { URL(fileURLWithPath: $0) } ?? ThumbnailCache.defaultRoot()
    let cache = ThumbnailCache(
      root: cacheRoot, software: "PhotoGate \(PhotogateVersion.number)", synced: sync)
    let bar = ProgressBar(label: "thumbnails")
    let results = cache.makeThumbnails(
      for: images, size: thumbnailSize,
      jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, force: force,
      progress: { done, total in bar.update(done: done, total: total) })
    bar.clear()
    let seconds = (clock.now - start) / .seconds(1)

    var created = 0
    var cached = 0
    var failures: [DecodeError] = []
    for result in results {
      switch result.outcome {
      case .created: created += 1
      case .cached: cached += 1
      case .failed(let error): failures.append(error)
      }
    }
    print(
      "\(results.count) thumbnails: \(created) new, \(cached) cached, \(failures.count) failed in "
        + String(format: "%.2f", seconds) + " s")
    if let skipped = scan.skippedSummary { print(skipped) }
    SkippedFileReport.write(scan, verbose: verbose, assetProblems: false)
    for failure in failures {
      StandardError.write("photogate: \(name: failure.description)\n")
    }
    if !failures.isEmpty { throw ExitCode.failure }
  }
}
