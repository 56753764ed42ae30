import FileSystem
import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// Each transaction of a script is one notice for a folder observer, however long it takes,
/// by inotify and by polling; and the faults around the folder.
@Suite struct ChangeScriptObservationTests {
  static let detections: [ChangeDetection] = [.automatic, .polling(interval: .milliseconds(40))]

  @Test(arguments: detections)
  func aSlowTransactionIsOneNotice(detection: ChangeDetection) async throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg")
    try lib.tree.file("b.jpg")
    _ = try lib.source("x.jpg")
    let recorder = ChangeRecorder()
    let observation = lib.library.observe(detection: detection) { recorder.record($0) }
    defer { observation.cancel() }
    let plan = try lib.plan(
      """
      transaction
        insert x.jpg
        insert x.jpg as y.jpg into Album
        favourite a.jpg
        delete b.jpg
      end
      favourite x.jpg
      """)
    // Each step of the first transaction outlasts the watcher's quiet period and a poll: without
    // the transaction marker the observer would hear it in pieces.
    try await plan.apply(afterAction: { planned, _ in
      if planned.number == 1 { usleep(250_000) }
    })
    #expect(recorder.wait { $0.all.count >= 2 })
    #expect(
      recorder.all == [
        LibraryChange(inserted: ["Album/y.jpg", "x.jpg"], removed: ["b.jpg"], changed: ["a.jpg"]),
        LibraryChange(changed: ["x.jpg"]),
      ])
  }

  /// A transaction that fails midway (its file removed by hand since the check) is announced
  /// from what the folder and the state files show, the flag it set before failing included.
  @Test func aTransactionThatFailsMidwayIsOneNoticeWithItsFlags() async throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg")
    try lib.tree.file("b.jpg")
    let recorder = ChangeRecorder()
    let observation = lib.library.observe { recorder.record($0) }
    defer { observation.cancel() }
    let plan = try lib.plan("transaction\n favourite a.jpg\n delete b.jpg\nend")
    await #expect(throws: (any Error).self) {
      try await plan.apply(afterAction: { _, offset in
        if offset == 0 {
          try? FileManager.default.removeItem(at: lib.tree.root.appendingPathComponent("b.jpg"))
        }
      })
    }
    #expect(recorder.wait { !$0.all.isEmpty })
    #expect(recorder.all == [LibraryChange(removed: ["b.jpg"], changed: ["a.jpg"])])
  }

  /// A file copied in by hand while a transaction is open is no part of it: it comes as one
  /// more notice after the transaction's.
  @Test func aChangeMadeByOtherMeansDuringATransactionIsANoticeOfItsOwn() async throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg")
    _ = try lib.source("x.jpg")
    let recorder = ChangeRecorder()
    let observation = lib.library.observe { recorder.record($0) }
    defer { observation.cancel() }
    let plan = try lib.plan("transaction\n insert x.jpg\n favourite a.jpg\nend")
    try await plan.apply(afterAction: { _, offset in
      if offset == 0 { _ = try? lib.tree.file("by-hand.jpg") }
    })
    #expect(recorder.wait { $0.all.count >= 2 })
    #expect(
      recorder.all == [
        LibraryChange(inserted: ["x.jpg"], changed: ["a.jpg"]),
        LibraryChange(inserted: ["by-hand.jpg"]),
      ])
  }

  /// Two scripts applied at once take turns, a transaction at a time: each is one notice.
  @Test func twoScriptsAtOnceTakeTurns() async throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg")
    _ = try lib.source("x.jpg")
    let recorder = ChangeRecorder()
    let observation = lib.library.observe { recorder.record($0) }
    defer { observation.cancel() }
    let first = try lib.plan("transaction\n insert x.jpg as one.jpg\n insert x.jpg as two.jpg\nend")
    let second = try lib.plan("transaction\n insert x.jpg as three.jpg\n delete a.jpg\nend")
    async let one: Void = first.apply(afterAction: { _, _ in usleep(150_000) })
    async let two: Void = second.apply(afterAction: { _, _ in usleep(150_000) })
    _ = try await (one, two)
    #expect(recorder.wait { $0.all.count >= 2 })
    #expect(
      Set(recorder.all) == [
        LibraryChange(inserted: ["one.jpg", "two.jpg"]),
        LibraryChange(inserted: ["three.jpg"], removed: ["a.jpg"]),
      ])
  }

  @Test func aMarkerLeftOpenByADeadProcessHoldsNobody() throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg")
    // No process has this id (pid_max is at most 2^22).
    try TransactionMarker(isOpen: true, sequence: 7, pid: Int32.max).write(root: lib.tree.root.path)
    #expect(!TransactionMarker.isHeld(root: lib.tree.root.path))
    let recorder = ChangeRecorder()
    let observation = lib.library.observe { recorder.record($0) }
    defer { observation.cancel() }
    try lib.tree.file("b.jpg")
    #expect(recorder.wait { $0.inserted == ["b.jpg"] })
  }

  @Test func anOpenMarkerOfALiveProcessHoldsUntilTooOld() throws {
    let root = "/nonexistent"
    let fresh = TransactionMarker(isOpen: true, sequence: 1)
    #expect(fresh.holdsObservers)
    let old = TransactionMarker(
      isOpen: true, sequence: 1,
      started: Date().timeIntervalSince1970 - Double(TransactionMarker.openLimit.components.seconds)
        - 1)
    #expect(!old.holdsObservers)
    #expect(!TransactionMarker(isOpen: false, sequence: 1).holdsObservers)
    #expect(!TransactionMarker.isHeld(root: root))
  }

  /// The library folder vanishing and coming back: one notice removes every asset, one puts
  /// them back; a script applied meanwhile is refused and writes nothing.
  @Test func theFolderVanishingAndComingBack() async throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg")
    try lib.tree.file("Album/b.jpg")
    _ = try lib.source("x.jpg")
    let recorder = ChangeRecorder()
    let observation = lib.library.observe { recorder.record($0) }
    defer { observation.cancel() }
    let away = lib.tree.root.deletingLastPathComponent()
      .appendingPathComponent(lib.tree.root.lastPathComponent + "-away")
    try FileManager.default.moveItem(at: lib.tree.root, to: away)
    #expect(recorder.wait { $0.all.count >= 1 })
    #expect(recorder.all.first == LibraryChange(removed: ["Album/b.jpg", "a.jpg"]))
    do {
      _ = try lib.plan("insert x.jpg")
      Issue.record("a script was planned over a missing library")
    } catch let error as ChangeScriptError {
      #expect(error.line == 0 && error.reason.contains("cannot be opened"), "\(error)")
    }
    #expect(!FileManager.default.fileExists(atPath: lib.tree.root.path))
    try FileManager.default.moveItem(at: away, to: lib.tree.root)
    #expect(recorder.wait { $0.all.count >= 2 })
    #expect(recorder.all.dropFirst().first == LibraryChange(inserted: ["Album/b.jpg", "a.jpg"]))
  }
}

/// The watcher's side of the marker, one look at a time: a look during which the next
/// transaction began reports the ended ones and keeps the rest for the look after it ends.
@Suite struct TransactionMarkerLookTests {
  final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [LibraryChange] = []
    func append(_ change: LibraryChange) { lock.withLock { changes.append(change) } }
    func take() -> [LibraryChange] {
      lock.withLock {
        defer { changes = [] }
        return changes
      }
    }
  }

  static func entry(_ sequence: UInt64, inserted: [String]) -> TransactionMarker.Entry {
    TransactionMarker.Entry(
      sequence: sequence, started: Double(sequence), isComplete: true, inserted: inserted,
      removed: [], changed: [], paths: inserted)
  }

  @Test func aTransactionBegunDuringALookKeepsWhatItDidForItsOwnNotice() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let root = tree.root.path
    try tree.file("a.jpg")
    let heard = Heard()
    let target = FolderTreeTarget(walker: FolderWalker(root: tree.root)) { heard.append($0) }
    target.look(willList: { _ in }, regions: nil, report: { false })
    // Transaction 1 ended (x.jpg); transaction 2 has begun (y.jpg so far); z.jpg by hand.
    try tree.file("x.jpg")
    try tree.file("y.jpg")
    try tree.file("z.jpg")
    try TransactionMarker(
      isOpen: true, sequence: 2, started: Date().timeIntervalSince1970,
      history: [Self.entry(1, inserted: ["x.jpg"])]
    )
    .write(root: root)
    target.look(willList: { _ in }, regions: nil, report: { true })
    #expect(heard.take() == [LibraryChange(inserted: ["x.jpg"])])
    // Transaction 2 ends: its notice, then what no transaction explains.
    try TransactionMarker(
      isOpen: false, sequence: 2,
      history: [Self.entry(1, inserted: ["x.jpg"]), Self.entry(2, inserted: ["y.jpg"])]
    ).write(root: root)
    target.look(willList: { _ in }, regions: nil, report: { true })
    #expect(
      heard.take() == [LibraryChange(inserted: ["y.jpg"]), LibraryChange(inserted: ["z.jpg"])])
  }
}
