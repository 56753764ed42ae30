import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PhotoLibrary

/// A first scan records what it reads batch by batch and remembers its first screen as soon as
/// it has one: a launch closed long before its scan ends leaves both to the next one.
@Suite struct EarlyRememberTests {
  @Test func aFirstScanCutShortLeavesItsFirstScreenAndItsReads() throws {
    let fixture = try IndexFixture()
    defer { fixture.remove() }
    // More files than the first batch, a minute apart (p1099 newest).
    let count = LibraryIndex.firstReadBatch + 100
    for number in 0..<count {
      try fixture.tree.file(
        String(format: "album/p%04d.jpg", number), mtime: instant(Double(number * 60)))
    }
    // The index records only files changed more than two seconds before a scan.
    let settled = time(nil) + 3
    while time(nil) < settled { usleep(50_000) }

    let library = fixture.library
    let gate = DispatchSemaphore(value: 0)
    let paused = Mutex(false)
    let observation = library.observe(
      detection: .polling(interval: .seconds(3600)),
      baselineProgress: { progress in
        // Past the first batch, before the end: the scan is "cut short" here.
        if progress.filesRead > LibraryIndex.firstReadBatch, !progress.isFinished,
          !paused.withLock({ $0 })
        {
          paused.withLock { $0 = true }
          gate.wait()
        }
      }
    ) { _ in }
    defer { observation.cancel() }
    let deadline = Date().addingTimeInterval(20)
    while !paused.withLock({ $0 }) && Date() < deadline { usleep(10_000) }
    try #require(paused.withLock { $0 })

    // Another process opening the library now (a fresh library value: its own index handle).
    let remembered = FolderLibrary(root: fixture.tree.root, index: .folder(fixture.indexFolder))
      .rememberedFirstScreen()
    #expect(!remembered.isEmpty)
    let firstBatch = Set(
      (0..<LibraryIndex.firstReadBatch).map { String(format: "album/p%04d.jpg", $0) })
    #expect(remembered.allSatisfy { firstBatch.contains($0.id) })
    #expect(remembered.map(\.creationDate) == remembered.map(\.creationDate).sorted(by: >))
    gate.signal()
  }
}
