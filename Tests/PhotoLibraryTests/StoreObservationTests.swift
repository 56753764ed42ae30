import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// `JSONFileStore` generations and change announcements: every committed change is heard by
/// an observer once and in order, whoever wrote it; the same bytes rewritten are not a change.
@Suite struct StoreObservationTests {
  @Test func everyChangeGetsALargerGenerationAndTheSameValueKeepsIt() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    #expect(try fixture.store.loadWithGeneration().generation == 0)
    let first = try fixture.store.commit { $0 = StoredCounter(count: 1) }
    #expect(first.previousGeneration == 0)
    #expect(first.generation > 0)
    let bytes = try Data(contentsOf: fixture.store.url)

    let same = try fixture.store.commit { $0 = StoredCounter(count: 1) }
    #expect(same.generation == first.generation)
    #expect(try Data(contentsOf: fixture.store.url) == bytes)

    let second = try fixture.store.commit { value in value?.count = 2 }
    #expect(second.previousGeneration == first.generation)
    #expect(second.generation > first.generation)
    #expect(try fixture.store.loadWithGeneration().generation == second.generation)

    // A deleted file starts again above every generation before it.
    try fixture.store.update { $0 = nil }
    #expect(try fixture.store.loadWithGeneration().generation == 0)
    let third = try fixture.store.commit { $0 = StoredCounter(count: 3) }
    #expect(third.generation > second.generation)
  }

  @Test func aFileWithoutAGenerationStillLoads() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.write(#"{"version": 1, "value": {"count": 7, "names": []}}"#)
    let stored = try fixture.store.loadWithGeneration()
    #expect(stored.value?.count == 7)
    #expect(stored.generation == 0)
    #expect(try fixture.store.commit { value in value?.count = 8 }.generation > 0)
  }

  @Test func anObserverHearsEachChangeFromAnotherStoreObjectOnceAndInOrder() async throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    let heard = LockedList<Heard>()
    let observation = fixture.store.observe { result in
      switch result {
      case .success(let stored): heard.append(Heard(stored.value?.count, stored.generation))
      case .failure(let error): Issue.record("\(error)")
      }
    }
    defer { observation.cancel() }
    let writer = fixture.sameFile()
    var generations: [UInt64] = []
    for count in 1...3 {
      generations.append(try writer.commit { $0 = StoredCounter(count: count) }.generation)
      try await heard.wait(for: Heard(count, generations.last!))
      // The same value written again, and the same bytes put back by an atomic rename, are
      // not changes.
      try writer.update { $0 = StoredCounter(count: count) }
      let copy = fixture.stateDirectory.appendingPathComponent("copy")
      try FileManager.default.copyItem(at: fixture.store.url, to: copy)
      #expect(rename(copy.path, fixture.store.url.path) == 0)
    }
    try writer.update { $0 = nil }
    try await heard.wait(for: Heard(nil, 0))
    #expect(
      heard.all == [
        Heard(1, generations[0]), Heard(2, generations[1]), Heard(3, generations[2]),
        Heard(nil, 0),
      ])
  }

  @Test func pollingHearsAChangeWhereInotifyIsNotUsed() async throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    let heard = LockedList<Heard>()
    let observation = fixture.store.observe(detection: .polling(interval: .milliseconds(20))) {
      result in
      if case .success(let stored) = result {
        heard.append(Heard(stored.value?.count, stored.generation))
      }
    }
    defer { observation.cancel() }
    let generation = try fixture.sameFile().commit { $0 = StoredCounter(count: 5) }.generation
    try await heard.wait(for: Heard(5, generation))
  }

  @Test func aDamagedFileIsHeardAsAFailureNamingIt() async throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    let failures = LockedList<String>()
    let observation = fixture.store.observe { result in
      if case .failure(let error) = result { failures.append(error.path) }
    }
    defer { observation.cancel() }
    try fixture.write(#"{"version": 1, "value": {"cou"#)
    try await failures.wait(for: fixture.store.url.path)
  }

  /// Threads with store objects of their own and another process (Python, taking the same
  /// lock) increment one counter while it is observed: no increment is lost, and the observer
  /// hears strictly growing counts that end on the total.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
  func concurrentWritersLoseNothingWhileObservedAndTheObserverEndsOnTheTotal() async throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 0) }
    let heard = LockedList<Heard>()
    let observation = fixture.store.observe { result in
      if case .success(let stored) = result {
        heard.append(Heard(stored.value?.count, stored.generation))
      }
    }
    defer { observation.cancel() }
    let script = """
      import fcntl, json, os, sys
      store, lock, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
      for i in range(n):
          fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
          fcntl.flock(fd, fcntl.LOCK_EX)
          try:
              with open(store) as f:
                  doc = json.load(f)
              doc["value"]["count"] += 1
              tmp = os.path.join(os.path.dirname(store), ".%s.tmp-py-%d" % (os.path.basename(store), i))
              with open(tmp, "w") as f:
                  json.dump(doc, f)
                  f.flush()
                  os.fsync(f.fileno())
              os.rename(tmp, store)
          finally:
              os.close(fd)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, fixture.store.url.path, fixture.store.lockURL.path, "40"]
    try process.run()
    let threads = (0..<4).map { _ in fixture.sameFile() }
    await withTaskGroup(of: Void.self) { group in
      for store in threads {
        group.addTask {
          for _ in 0..<20 { _ = try? store.update { value in value?.count += 1 } }
        }
      }
    }
    #expect(process.waitForExit() == 0)
    let total = 40 + 4 * 20
    #expect(try fixture.store.load()?.count == total)
    for _ in 0..<500 where heard.all.last?.count != total {
      try await Task.sleep(for: .milliseconds(10))
    }
    let counts = heard.all.compactMap(\.count)
    #expect(counts.last == total)
    #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "heard \(counts)")
  }
}

/// One notice: the value's count (nil: no file) and its generation.
struct Heard: Sendable, Equatable {
  var count: Int?
  var generation: UInt64

  init(_ count: Int?, _ generation: UInt64) {
    self.count = count
    self.generation = generation
  }
}
