import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PhotoLibrary

/// A large library opened for the first time shows the images among the first files found at
/// once, before its walk ends; a small one waits for its (quick) scan.
@Suite struct FirstFoundScreenTests {
  /// `count` photos in two folders (dates rising with the number), and a text file in each.
  static func makeTree(_ count: Int) throws -> LibraryTree {
    let tree = try LibraryTree("first-found")
    for number in 0..<count {
      let folder = number < count / 2 ? "a" : "b"
      try tree.file(
        String(format: "\(folder)/p%03d.jpg", number), mtime: instant(Double(number * 60)))
    }
    try tree.file("a/notes.txt", Array("text".utf8))
    try tree.file("b/notes.txt", Array("text".utf8))
    return tree
  }

  @Test func aLargeLibraryShowsTheImagesAmongTheFirstFilesFoundBeforeItsScanReadsAny()
    async throws
  {
    let tree = try Self.makeTree(300)
    defer { tree.remove() }
    let library = FolderLibrary(root: tree.root, index: .none)
    let gate = DispatchSemaphore(value: 0)
    let finished = Mutex(false)
    let observation = library.observe(
      detection: .polling(interval: .seconds(3600)),
      baselineProgress: { progress in
        if progress.filesRead == 0 { gate.wait() }
        if progress.isFinished { finished.withLock { $0 = true } }
      }
    ) { _ in }
    defer { observation.cancel() }
    // The scan waits at its first report, before reading any file.
    #expect(library.currentScan().isProvisional)
    // Folder "a" (its text file, then 150 photos), then the first 49 files of "b" (its text
    // file and 48 photos): the photos among them, newest first.
    let firstFound =
      (0..<150).map { String(format: "a/p%03d.jpg", $0) }
      + (150..<198).map { String(format: "b/p%03d.jpg", $0) }
    #expect(try library.allAssets().map(\.id) == firstFound.reversed())
    gate.signal()
    for _ in 0..<1000 where !finished.withLock({ $0 }) {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(!library.currentScan().isProvisional)
    #expect(try library.allAssets().count == 300)
  }

  @Test func aSmallLibraryStartsEmptyUntilItsScanReadsIt() throws {
    let tree = try Self.makeTree(FolderLibrary.firstFoundLength - 10)
    defer { tree.remove() }
    #expect(FolderLibrary(root: tree.root, index: .none).firstFoundScreen().isEmpty)
    let large = try Self.makeTree(FolderLibrary.firstFoundLength)
    defer { large.remove() }
    #expect(!FolderLibrary(root: large.root, index: .none).firstFoundScreen().isEmpty)
  }
}
