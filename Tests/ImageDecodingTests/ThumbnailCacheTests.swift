import Foundation
import ImageDecoding
import Synchronization
import TestSupport
import Testing

/// The cache's rules, on images the fake codec makes (see ``FakeThumbnailCodec``).
@Suite struct ThumbnailCacheTests {
  let folder: URL
  let library: URL
  let fake = FakeThumbnailCodec()
  let cache: ThumbnailCache

  init() throws {
    folder = try TestPaths.makeTemporaryDirectory("thumbs")
    library = folder.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    cache = ThumbnailCache(
      root: folder.appendingPathComponent("cache/thumbnails"), software: "PhotoGate test",
      codec: fake.codec)
  }

  /// Writes `bytes` as `name` in the library, with the given mtime.
  func source(_ name: String, bytes: [UInt8] = [1, 2, 3], mtime: Int = 1_700_000_000) throws -> URL
  {
    let url = library.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    try setMTime(url, mtime)
    return url
  }

  func setMTime(_ url: URL, _ seconds: Int) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))],
      ofItemAtPath: url.path)
  }

  func mode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as! NSNumber).intValue
  }

  @Test func storesTheStandardTextKeys() throws {
    let file = try source("cat.jpg", bytes: [9, 9, 9, 9, 9])
    #expect(cache.ensureThumbnail(for: file, size: .large) == .created)
    let metadata = try #require(
      ThumbnailMetadata.read(fromFileAt: cache.cachedURL(for: file, size: .large).path))
    #expect(metadata.uri == ThumbnailCache.uri(for: file))
    #expect(metadata.mtime == 1_700_000_000)
    #expect(metadata.fileSize == 5)
    #expect(metadata.text["Thumb::MTime"] == "1700000000")
    #expect(metadata.text["Software"] == "PhotoGate test")
    #expect(metadata.width == 6 && metadata.height == 4)
  }

  @Test func reusesTheThumbnailWhileTheMTimeMatches() throws {
    let file = try source("cat.jpg")
    #expect(cache.ensureThumbnail(for: file, size: .large) == .created)
    #expect(cache.ensureThumbnail(for: file, size: .large) == .cached)
    #expect(
      cache.freshCachedURL(for: file, size: .large) == cache.cachedURL(for: file, size: .large))
    #expect(fake.thumbnails == 1)
  }

  @Test func remakesTheThumbnailWhenTheMTimeChanges() throws {
    let file = try source("cat.jpg")
    #expect(cache.ensureThumbnail(for: file, size: .large) == .created)
    try setMTime(file, 1_700_000_001)
    #expect(cache.freshCachedURL(for: file, size: .large) == nil)
    #expect(cache.ensureThumbnail(for: file, size: .large) == .created)
    let metadata = ThumbnailMetadata.read(fromFileAt: cache.cachedURL(for: file, size: .large).path)
    #expect(metadata?.mtime == 1_700_000_001)
    #expect(fake.thumbnails == 2)
  }

  @Test func remakesTheThumbnailWhenTheSizeChangesWithTheSameMTime() throws {
    let file = try source("cat.jpg", bytes: [1, 2, 3])
    _ = cache.ensureThumbnail(for: file, size: .large)
    try Data([1, 2, 3, 4]).write(to: file)
    try setMTime(file, 1_700_000_000)
    #expect(cache.ensureThumbnail(for: file, size: .large) == .created)
  }

  @Test func doesNotTrustAThumbnailRecordedForAnotherURI() throws {
    let first = try source("a.jpg")
    let second = try source("b.jpg")
    _ = cache.ensureThumbnail(for: first, size: .large)
    try FileManager.default.copyItem(
      at: cache.cachedURL(for: first, size: .large), to: cache.cachedURL(for: second, size: .large))
    #expect(cache.ensureThumbnail(for: second, size: .large) == .created)
  }

  @Test func forceRemakesAFreshThumbnail() throws {
    let file = try source("cat.jpg")
    _ = cache.ensureThumbnail(for: file, size: .large)
    #expect(cache.ensureThumbnail(for: file, size: .large, force: true) == .created)
    #expect(fake.thumbnails == 2)
  }

  @Test func sizesAreCachedSeparately() throws {
    let file = try source("cat.jpg")
    #expect(cache.ensureThumbnail(for: file, size: .large) == .created)
    #expect(cache.ensureThumbnail(for: file, size: .normal) == .created)
    #expect(cache.ensureThumbnail(for: file, size: .normal) == .cached)
  }

  @Test func recordsAFailureAndDoesNotRetryUntilTheFileChanges() throws {
    let file = try source("bad.jpg")
    guard case .failed(let error) = cache.ensureThumbnail(for: file, size: .large) else {
      Issue.record("a file that cannot be decoded must fail")
      return
    }
    #expect(error.path == file.path)
    #expect(error.reason == "not a JPEG or PNG file")
    #expect(!FileManager.default.fileExists(atPath: cache.cachedURL(for: file, size: .large).path))

    let record = try #require(ThumbnailMetadata.read(fromFileAt: cache.failureURL(for: file).path))
    #expect(record.uri == ThumbnailCache.uri(for: file))
    #expect(record.mtime == 1_700_000_000)
    #expect(record.text["X-Photogate::Reason"] == "not a JPEG or PNG file")

    guard case .failed(let recorded) = cache.ensureThumbnail(for: file, size: .large) else {
      Issue.record("a recorded failure must be reported again")
      return
    }
    #expect(recorded.code == .corruptData)
    #expect(recorded.path == file.path)
    #expect(recorded.reason.hasPrefix("not a JPEG or PNG file"))
    #expect(fake.thumbnails == 1)

    _ = cache.ensureThumbnail(for: file, size: .large, force: true)
    #expect(fake.thumbnails == 2)
    try setMTime(file, 1_700_000_005)
    _ = cache.ensureThumbnail(for: file, size: .large)
    #expect(fake.thumbnails == 3)
  }

  @Test func recordsNoFailureWhenTheCodecLibraryIsMissing() throws {
    let file = try source("no-codec.mov")
    for attempt in 1...2 {
      guard case .failed(let error) = cache.ensureThumbnail(for: file, size: .large) else {
        Issue.record("a file whose codec library is missing must fail")
        return
      }
      #expect(error.code == .codecUnavailable)
      #expect(error.reason == "libfake.so.1 is missing")
      #expect(!FileManager.default.fileExists(atPath: cache.failureURL(for: file).path))
      // Tried again each time: installing the library is enough.
      #expect(fake.thumbnails == attempt)
    }
  }

  @Test func thumbnailThrowsTheRecordedFailureWithoutDecodingAgain() throws {
    let file = try source("bad.png")
    #expect(throws: DecodeError.self) { try cache.thumbnail(for: file, size: .normal) }
    #expect(throws: DecodeError.self) { try cache.thumbnail(for: file, size: .normal) }
    #expect(fake.thumbnails == 1)
  }

  @Test func missingSourceFailsWithIOErrorNamingTheFile() throws {
    let file = library.appendingPathComponent("gone.jpg")
    #expect(
      cache.ensureThumbnail(for: file, size: .large)
        == .failed(
          DecodeError(.io, path: file.path, reason: "cannot read file: No such file or directory")))
  }

  @Test func writesFiles0600InFolders0700() throws {
    let good = try source("cat.jpg")
    let bad = try source("bad.jpg")
    _ = cache.ensureThumbnail(for: good, size: .large)
    _ = cache.ensureThumbnail(for: bad, size: .large)
    #expect(try mode(cache.cachedURL(for: good, size: .large)) == 0o600)
    #expect(try mode(cache.failureURL(for: bad)) == 0o600)
    for path in [
      "cache", "cache/thumbnails", "cache/thumbnails/large", "cache/thumbnails/fail",
      "cache/thumbnails/fail/photogate",
    ] {
      #expect(try mode(folder.appendingPathComponent(path)) == 0o700, "\(path)")
    }
  }

  @Test func leavesOnlyFinishedThumbnailsBehind() throws {
    let files = try (0..<12).map { try source("photo-\($0).jpg", bytes: [UInt8($0)]) }
    let results = cache.makeThumbnails(for: files, size: .large, jobs: 4)
    #expect(results.allSatisfy { $0.outcome == .created })
    _ = cache.makeThumbnails(for: files, size: .large, jobs: 4, force: true)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: cache.root.appendingPathComponent("large").path)
    #expect(names.count == 12)
    #expect(names.allSatisfy { $0.count == 36 && $0.hasSuffix(".png") && !$0.hasPrefix(".") })
  }

  /// Many workers whose first writes into a fresh cache coincide (each finds the folders
  /// missing, and they make them at the same moment) must all land their files. A stress test:
  /// it does not force the narrowest interleavings, which ``ThumbnailCache`` avoids by always
  /// retrying a failed write once after making the folders.
  @Test func firstWritesFromManyWorkersIntoAFreshCacheAllLand() throws {
    let files = try (0..<16).map { try source("slow-\($0).jpg", bytes: [UInt8($0)]) }
    for round in 0..<4 {
      let fresh = ThumbnailCache(
        root: folder.appendingPathComponent("fresh-\(round)/thumbnails"), codec: fake.codec)
      let results = fresh.makeThumbnails(for: files, size: .normal, jobs: 8)
      #expect(results.allSatisfy { $0.outcome == .created }, "round \(round)")
    }
  }

  @Test func batchDeletesOnlyAbandonedTemporaryFiles() throws {
    let file = try source("cat.jpg")
    _ = cache.ensureThumbnail(for: file, size: .large)
    let large = cache.root.appendingPathComponent("large")
    let abandoned = large.appendingPathComponent(".0123.png.tmp-42-7")
    let live = large.appendingPathComponent(".4567.png.tmp-43-8")
    try Data([1]).write(to: abandoned)
    try Data([1]).write(to: live)
    try setMTime(abandoned, Int(Date().timeIntervalSince1970) - 3600)
    _ = cache.makeThumbnails(for: [file], size: .large, jobs: 1)
    #expect(!FileManager.default.fileExists(atPath: abandoned.path))
    #expect(FileManager.default.fileExists(atPath: live.path))
    #expect(FileManager.default.fileExists(atPath: cache.cachedURL(for: file, size: .large).path))
  }

  /// Ways a cached file can be damaged; each must be made again, not trusted.
  enum Damage: String, CaseIterable {
    case truncated, emptied, garbage, flippedTextByte, missingText
  }

  @Test(arguments: Damage.allCases)
  func damagedCachedThumbnailIsMadeAgain(damage: Damage) throws {
    let file = try source("cat.jpg")
    _ = cache.ensureThumbnail(for: file, size: .large)
    let cached = cache.cachedURL(for: file, size: .large)
    var bytes = [UInt8](try Data(contentsOf: cached))
    switch damage {
    case .truncated: bytes.removeLast(20)
    case .emptied: bytes = []
    case .garbage: bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    case .flippedTextByte: bytes[bytes.count / 3] ^= 0x20
    case .missingText:
      bytes = FakeThumbnailCodec.encode(
        FakeThumbnailCodec.image(width: 6, height: 4, value: 1), text: [])
    }
    try Data(bytes).write(to: cached)
    #expect(cache.ensureThumbnail(for: file, size: .large) == .created)
    #expect(ThumbnailMetadata.read(fromFileAt: cached.path)?.uri == ThumbnailCache.uri(for: file))
  }

  @Test func thumbnailComesFromTheCacheWhenFresh() throws {
    let file = try source("cat.jpg", bytes: [42])
    let made = try cache.thumbnail(for: file, size: .large)
    let again = try cache.thumbnail(for: file, size: .large)
    #expect(made == FakeThumbnailCodec.image(width: 6, height: 4, value: 42))
    #expect(again == made)
    #expect(fake.thumbnails == 1)
    #expect(fake.decodes == 1)
  }

  @Test func batchReportsEveryFileInOrderWithProgress() throws {
    let files = [try source("a.jpg"), try source("bad.jpg"), try source("c.png")]
    let seen = FakeProgress()
    let results = cache.makeThumbnails(
      for: files, size: .normal, jobs: 2, progress: { done, total in seen.record(done, total) })
    #expect(results.map(\.file) == files)
    #expect(results[0].outcome == .created && results[2].outcome == .created)
    #expect(results[1].outcome != .created && results[1].outcome != .cached)
    #expect(seen.calls.sorted { $0.0 < $1.0 }.map(\.0) == [1, 2, 3])
    #expect(seen.calls.allSatisfy { $0.1 == 3 })
    let second = cache.makeThumbnails(for: files, size: .normal, jobs: 2)
    #expect(second.map(\.outcome)[0] == .cached && second.map(\.outcome)[2] == .cached)
  }
}

/// Collects progress callbacks from the batch's workers.
final class FakeProgress: Sendable {
  private let log = Mutex<[(Int, Int)]>([])
  func record(_ done: Int, _ total: Int) { log.withLock { $0.append((done, total)) } }
  var calls: [(Int, Int)] { log.withLock { $0 } }
}
