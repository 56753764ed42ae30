import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// Collects change notices from the observer's queue.
final class ChangeRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var changes: [LibraryChange] = []
  private var threads: [Bool] = []

  func record(_ change: LibraryChange) {
    let onMain = Thread.isMainThread
    lock.lock()
    changes.append(change)
    threads.append(onMain)
    lock.unlock()
  }

  var all: [LibraryChange] {
    lock.lock()
    defer { lock.unlock() }
    return changes
  }

  /// Whether any notice was delivered on the main thread.
  var anyOnMainThread: Bool {
    lock.lock()
    defer { lock.unlock() }
    return threads.contains(true)
  }

  var inserted: [String] { all.flatMap(\.inserted) }
  var removed: [String] { all.flatMap(\.removed) }
  var changed: [String] { all.flatMap(\.changed) }

  /// Polls `condition` every 10 ms until it holds or 10 s have passed; returns whether it held.
  /// (A deadline, not a timing assertion: a slow machine only makes the test slower.)
  func wait(until condition: (ChangeRecorder) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if condition(self) { return true }
      usleep(10_000)
    }
    return condition(self)
  }
}

/// `FolderLibrary.observe`: notices for added, removed and changed images, by inotify and by
/// polling, delivered off the main thread, and stopped by cancel or deinit.
@Suite struct FolderObservationTests {
  static let detections: [ChangeDetection] = [.automatic, .polling(interval: .milliseconds(50))]

  @Test(arguments: detections)
  func addingRemovingAndChangingImagesIsReported(detection: ChangeDetection) throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("kept.jpg")
    try tree.file("doomed.png", FolderFixtures.png3x5)
    let recorder = ChangeRecorder()
    let observation = FolderLibrary(root: tree.root).observe(detection: detection) {
      recorder.record($0)
    }
    defer { observation.cancel() }

    try tree.file("new.jpg")
    #expect(recorder.wait { $0.inserted.contains("new.jpg") })

    try FileManager.default.removeItem(at: tree.root.appendingPathComponent("doomed.png"))
    #expect(recorder.wait { $0.removed.contains("doomed.png") })

    try tree.file("kept.jpg", FolderFixtures.jpeg(orientation: 6))
    #expect(recorder.wait { $0.changed.contains("kept.jpg") })

    #expect(recorder.all.allSatisfy { $0.kind == .library && !$0.isEmpty })
    #expect(!recorder.anyOnMainThread)
  }

  @Test(arguments: detections)
  func imagesInANewSubfolderAreReported(detection: ChangeDetection) throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let recorder = ChangeRecorder()
    let observation = FolderLibrary(root: tree.root).observe(detection: detection) {
      recorder.record($0)
    }
    defer { observation.cancel() }
    try tree.file("Trips/2024/a.jpg")
    #expect(recorder.wait { $0.inserted.contains("Trips/2024/a.jpg") })
    // The new folders are watched too: a later file in them is seen.
    try tree.file("Trips/2024/b.jpg")
    #expect(recorder.wait { $0.inserted.contains("Trips/2024/b.jpg") })
  }

  @Test func hiddenAndNonImageFilesCauseNoNotice() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let recorder = ChangeRecorder()
    let observation = FolderLibrary(root: tree.root).observe { recorder.record($0) }
    defer { observation.cancel() }
    try tree.file(".hidden.jpg")
    try tree.file("notes.txt", Array("text".utf8))
    try tree.file(".cache/x.jpg")
    try tree.file("marker.jpg")
    #expect(recorder.wait { $0.inserted.contains("marker.jpg") })
    #expect(recorder.inserted == ["marker.jpg"])
  }

  @Test func aBurstIsReportedWithEachIDExactlyOnce() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let recorder = ChangeRecorder()
    let observation = FolderLibrary(root: tree.root).observe { recorder.record($0) }
    defer { observation.cancel() }
    let ids = (0..<30).map { "burst-\($0).jpg" }
    for id in ids { try tree.file(id) }
    #expect(recorder.wait { Set($0.inserted) == Set(ids) })
    #expect(recorder.inserted.count == ids.count)
  }

  @Test func automaticDetectionUsesInotifyOnLinux() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let observation = FolderLibrary(root: tree.root).observe { _ in }
    defer { observation.cancel() }
    #expect(observation.watcher?.usesInotify == true)
  }

  @Test func aLibraryFolderCreatedAfterObservingStartsIsStillWatched() throws {
    let holder = try TestPaths.makeTemporaryDirectory("holder")
    defer { try? FileManager.default.removeItem(at: holder) }
    let root = holder.appendingPathComponent("Library")
    let recorder = ChangeRecorder()
    let observation = FolderLibrary(root: root).observe { recorder.record($0) }
    defer { observation.cancel() }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try Data(FolderFixtures.jpeg4x2).write(to: root.appendingPathComponent("first.jpg"))
    #expect(recorder.wait { $0.inserted.contains("first.jpg") })
  }

  @Test func importedFilesAreReportedOnceUnderTheirFinalName() throws {
    let tree = try LibraryTree()
    let sources = try TestPaths.makeTemporaryDirectory("sources")
    defer {
      tree.remove()
      try? FileManager.default.removeItem(at: sources)
    }
    let source = sources.appendingPathComponent("IMG.jpg")
    try Data(FolderFixtures.jpeg4x2).write(to: source)
    let library = FolderLibrary(root: tree.root)
    let recorder = ChangeRecorder()
    let observation = library.observe { recorder.record($0) }
    defer { observation.cancel() }
    _ = try library.importFile(at: source, album: "Saved")
    #expect(recorder.wait { $0.inserted.contains("Saved/IMG.jpg") })
    #expect(recorder.inserted == ["Saved/IMG.jpg"])  // The temporary file never shows.
  }

  @Test(arguments: [true, false])
  func noNoticeAfterCancelOrDeinit(byDeinit: Bool) throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let library = FolderLibrary(root: tree.root)
    let stopped = ChangeRecorder()
    let witness = ChangeRecorder()
    var observation: LibraryObservation? = library.observe { stopped.record($0) }
    let witnessObservation = library.observe { witness.record($0) }
    defer { witnessObservation.cancel() }
    if byDeinit {
      observation = nil
    } else {
      observation?.cancel()
      #expect(observation?.isCancelled == true)
    }
    // Two separate changes seen by the witness: the stopped observer had time for both.
    try tree.file("one.jpg")
    #expect(witness.wait { $0.inserted.contains("one.jpg") })
    try tree.file("two.jpg")
    #expect(witness.wait { $0.inserted.contains("two.jpg") })
    #expect(stopped.all.isEmpty)
    _ = observation
  }

  @Test func selectionChangesShareTheChangeType() {
    let change = LibraryChange(kind: .selection, inserted: ["a.jpg"], removed: ["b.jpg"])
    #expect(!change.isEmpty)
    #expect(change.description == "selection: +a.jpg -b.jpg")
    #expect(LibraryChange().isEmpty)
  }

  @Test func anObservationRunsItsCancelActionOnce() {
    let count = FailureList()
    let observation = LibraryObservation { count.append("cancelled") }
    observation.cancel()
    observation.cancel()
    #expect(count.all == ["cancelled"])
  }
}
