import Foundation
import ImageDecoding
import TestSupport
import Testing

/// `photogate thumbs` end to end, on a temporary copy of a few SampleImages.
@Suite struct ThumbsCommandTests {
  static let samples = [
    "grace-hopper-1984.jpg", "coffee-cup-progressive.jpg", "chelsea-the-cat.png",
  ]

  let folder: URL
  let library: URL
  let cache: URL

  init() throws {
    folder = try TestPaths.makeTemporaryDirectory("thumbs-cli")
    library = folder.appendingPathComponent("library")
    cache = folder.appendingPathComponent("cache")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for name in Self.samples {
      try FileManager.default.copyItem(
        at: TestPaths.sampleImages.appendingPathComponent(name),
        to: library.appendingPathComponent(name))
    }
  }

  func thumbs(_ extra: [String] = [], environment: [String: String] = [:]) throws
    -> CLIRunner.Result
  {
    try CLIRunner.run(
      ["thumbs", library.path, "--cache", cache.path] + extra, environment: environment)
  }

  /// The summary line's counts, checking its exact shape on the way (a second line may count
  /// skipped files).
  func summary(_ result: CLIRunner.Result) throws -> (
    total: Int, new: Int, cached: Int, failed: Int
  ) {
    let pattern = try Regex(
      #"^library: .+\n(\d+) thumbnails: (\d+) new, (\d+) cached, (\d+) failed in \d+\.\d{1,2} s\n"#
        + #"(\d+ skipped: [^\n]+\n)?$"#)
    let match = try #require(result.stdout.wholeMatch(of: pattern), "stdout: \(result.stdout)")
    let numbers = (1...4).map { Int(match.output[$0].substring!)! }
    return (numbers[0], numbers[1], numbers[2], numbers[3])
  }

  @Test func makesEveryThumbnailThenReusesThem() throws {
    let first = try thumbs(["--jobs", "2"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try summary(first) == (3, 3, 0, 0))
    #expect(first.stderr.isEmpty)  // No progress bar when stderr is not a terminal.

    let second = try thumbs()
    #expect(second.status == 0)
    #expect(try summary(second) == (3, 0, 3, 0))

    let forced = try thumbs(["--force"])
    #expect(try summary(forced) == (3, 3, 0, 0))
  }

  /// `--sync` (fsync each thumbnail and its folder) writes the same cache, and leaves no
  /// temporary file behind.
  @Test func syncWritesEveryThumbnailDurably() throws {
    let result = try thumbs(["--sync"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try summary(result) == (3, 3, 0, 0))
    let names = try FileManager.default.contentsOfDirectory(
      atPath: cache.appendingPathComponent("large").path)
    #expect(
      names.sorted()
        == Self.samples.map {
          ThumbnailCache.cacheFileName(for: library.appendingPathComponent($0))
        }.sorted())
  }

  /// On a terminal (a pseudo-terminal from util-linux's `script`), the bar is drawn on stderr
  /// with carriage returns and erased before the summary.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func drawsAndClearsAProgressBarOnATerminal() throws {
    let command = [CLIRunner.executable.path, "thumbs", library.path, "--cache", cache.path]
      .map { "'\($0)'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", command, "/dev/null"]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let status = process.waitForExit()
    let text = String(decoding: data, as: UTF8.self)
    #expect(status == 0, "\(text)")
    #expect(text.contains("\r[##############################] 3/3 thumbnails\u{1B}[K"))
    #expect(text.contains("\r\u{1B}[K3 thumbnails: 3 new, 0 cached, 0 failed in "))
  }

  @Test func writesStandardThumbnailsNamedByTheURI() throws {
    _ = try thumbs(["--size", "200"])  // 200 uses the 256 px folder.
    let file = library.appendingPathComponent("grace-hopper-1984.jpg")
    let thumbnail = cache.appendingPathComponent("large")
      .appendingPathComponent(ThumbnailCache.cacheFileName(for: file))
    let metadata = try #require(ThumbnailMetadata.read(fromFileAt: thumbnail.path))
    #expect(metadata.uri == "file://" + file.path)
    #expect(max(metadata.width, metadata.height) == 256)
  }

  @Test func reportsAFailedFileWithItsReasonAndExitsOne() throws {
    try Data([0xff, 0xd8, 0xff, 0xe0] + Array(repeating: 0x42, count: 64))
      .write(to: library.appendingPathComponent("broken.jpg"))
    try Data("just text".utf8).write(to: library.appendingPathComponent("readme.jpg"))
    let result = try thumbs()
    #expect(result.status == 1)
    #expect(try summary(result) == (4, 3, 0, 1))
    #expect(result.stdout.hasSuffix(" s\n1 skipped: 1 not an image\n"))
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("photogate: \(library.path)/broken.jpg: ") == true)

    let again = try thumbs()
    #expect(again.status == 1)
    #expect(try summary(again) == (4, 0, 3, 1))
    #expect(again.stderr.contains("broken.jpg"))
  }

  /// Killed mid-run (SIGKILL, so nothing can clean up), the cache holds only whole thumbnails:
  /// every `.png` name reads back, and the next run finishes the job.
  @Test func aKilledRunLeavesOnlyWholeThumbnails() throws {
    for index in 0..<3 {
      for name in Self.samples {
        try FileManager.default.copyItem(
          at: library.appendingPathComponent(name),
          to: library.appendingPathComponent("\(index)-\(name)"))
      }
    }
    let process = Process()
    process.executableURL = CLIRunner.executable
    process.arguments = ["thumbs", library.path, "--cache", cache.path, "--jobs", "2"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    usleep(400_000)
    kill(process.processIdentifier, SIGKILL)
    process.waitForExit()
    let folder = cache.appendingPathComponent("large")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name.hasSuffix(".png") {
      let path = folder.appendingPathComponent(name).path
      #expect(ThumbnailMetadata.read(fromFileAt: path) != nil, "\(name)")
      #expect(throws: Never.self) { try ImageDecoder.decode(fileAt: path) }
    }
    let rerun = try thumbs()
    #expect(rerun.status == 0)
    let counts = try summary(rerun)
    #expect(counts.total == 12 && counts.new + counts.cached == 12)
  }

  @Test(arguments: ["0", "-3", "1025", "4096", "big"])
  func sizeOutsideOneTo1024IsBadUsage(size: String) throws {
    let result = try thumbs(["--size", size])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--size") || result.stderr.contains("size"))
  }

  @Test func jobsBelowOneIsBadUsage() throws {
    let result = try thumbs(["--jobs", "0"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--jobs"))
  }

  @Test func defaultsToTheXDGCacheHome() throws {
    let xdg = folder.appendingPathComponent("xdg")
    let result = try CLIRunner.run(
      ["thumbs", library.path, "--size", "128"], environment: ["XDG_CACHE_HOME": xdg.path])
    #expect(result.status == 0)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: xdg.appendingPathComponent("thumbnails/normal").path)
    #expect(names.count == 3)
  }

  @Test func aMissingLibraryFailsNamingIt() throws {
    let missing = folder.appendingPathComponent("nope").path
    let result = try CLIRunner.run(["thumbs", missing])
    #expect(result.status == 1)
    #expect(result.stderr == "photogate: library \(missing) does not exist\n")
  }
}
