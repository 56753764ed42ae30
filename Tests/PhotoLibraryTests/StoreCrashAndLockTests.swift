import Foundation
import PhotoLibrary
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `JSONFileStore` under a crash (leftover temporary files, a cut-short file) and under
/// contention from threads and from another process.
@Suite struct StoreCrashAndLockTests {
  @Test func aLeftoverTemporaryFileIsIgnoredByLoadAndRemovedByTheNextUpdate() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 5) }
    // What a writer that died between creating its temporary file and renaming it leaves.
    let leftover = fixture.stateDirectory.appendingPathComponent(
      ".com.example.picker.json.tmp-4242-deadbeef")
    try Data(#"{"version": 1, "value": {"cou"#.utf8).write(to: leftover)
    #expect(try fixture.store.load()?.count == 5)
    try fixture.store.update { value in value?.count += 1 }
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
    #expect(try fixture.store.load()?.count == 6)
  }

  @Test func anotherAppsTemporaryFileIsLeftAlone() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 1) }
    let other = fixture.stateDirectory.appendingPathComponent(".com.other.json.tmp-1-abc")
    try Data("x".utf8).write(to: other)
    try fixture.store.update { value in value?.count += 1 }
    #expect(FileManager.default.fileExists(atPath: other.path))
  }

  @Test func aWriteLeavesNoTemporaryFileBehind() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    for count in 0..<5 { try fixture.store.update { $0 = StoredCounter(count: count) } }
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.stateDirectory.path)
    #expect(names.sorted() == ["com.example.picker.json", "com.example.picker.json.lock"])
  }

  @Test func concurrentUpdatesFromManyThreadsLoseNoIncrement() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    let threads = 8
    let incrementsPerThread = 25
    let failures = incrementConcurrently(fixture, threads: threads, times: incrementsPerThread)
    #expect(failures.isEmpty)
    #expect(try fixture.store.load()?.count == threads * incrementsPerThread)
  }

  /// Another process (Python, taking the same `flock` on the sidecar and replacing the file
  /// by rename) and this one's threads increment the same counter: nothing is lost.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
  func updatesFromAnotherProcessAndFromThreadsLoseNoIncrement() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 0) }
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
    let processIncrements = 50
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c", script, fixture.store.url.path, fixture.store.lockURL.path, "\(processIncrements)",
    ]
    try process.run()
    let threads = 4
    let incrementsPerThread = 25
    let failures = incrementConcurrently(fixture, threads: threads, times: incrementsPerThread)
    #expect(process.waitForExit() == 0)
    #expect(failures.isEmpty)
    #expect(try fixture.store.load()?.count == processIncrements + threads * incrementsPerThread)
  }

  @Test func updateGivesUpWithAClearErrorWhileAnotherDescriptorHoldsTheLock() throws {
    let fixture = try StoreFixture(lockTimeout: .milliseconds(100))
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 1) }
    let fd = open(fixture.store.lockURL.path, O_RDWR)
    #expect(fd >= 0)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX) == 0)
    let error = #expect(throws: StoreError.self) {
      try fixture.store.update { value in value?.count += 1 }
    }
    #expect(error?.code == .lockTimeout)
    #expect(error?.path == fixture.store.lockURL.path)
    #expect(throws: StoreError.self) { try fixture.store.remove() }
    flock(fd, LOCK_UN)
    try fixture.store.update { value in value?.count += 1 }
    #expect(try fixture.store.load()?.count == 2)
  }

  /// The `flock(1)` tool from util-linux holds the lock in another process; the update waits
  /// for that process to release it.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
  func updateWaitsForAnotherProcessHoldingTheLock() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 1) }
    let release = fixture.folder.appendingPathComponent("release")
    let finished = fixture.folder.appendingPathComponent("finished")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    // Hold the lock until the test creates the `release` file (or 20 s pass), then write
    // `finished` while still holding it.
    process.arguments = [
      "--exclusive", fixture.store.lockURL.path, "/bin/sh", "-c",
      "echo held; i=0; while [ ! -e '\(release.path)' ] && [ $i -lt 200 ]; do "
        + "sleep 0.1; i=$((i+1)); done; touch '\(finished.path)'",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let line = output.fileHandleForReading.availableData
    #expect(String(decoding: line, as: UTF8.self) == "held\n")

    // While the other process holds the lock, a short timeout fails…
    let impatient = fixture.sameFile(lockTimeout: .milliseconds(50))
    let error = #expect(throws: StoreError.self) {
      try impatient.update { value in value?.count += 1 }
    }
    #expect(error?.code == .lockTimeout)
    // …and a patient update gets the lock only once the process has let go.
    #expect(FileManager.default.createFile(atPath: release.path, contents: nil))
    try fixture.store.update { value in
      #expect(FileManager.default.fileExists(atPath: finished.path))
      value?.count += 1
    }
    #expect(process.waitForExit() == 0)
    #expect(try fixture.store.load()?.count == 2)
  }
}

/// Increments the fixture's counter `times` times from each of `threads` threads, each with
/// its own store object, hence its own lock descriptor per update: `flock` locks belong to open
/// file descriptions, so these contend like separate processes. Returns the errors.
private func incrementConcurrently(_ fixture: StoreFixture, threads: Int, times: Int) -> [String] {
  let group = DispatchGroup()
  let failures = FailureList()
  for index in 0..<threads {
    group.enter()
    let store = fixture.sameFile()
    Thread {
      defer { group.leave() }
      for _ in 0..<times {
        do {
          try store.update { value in
            var counter = value ?? StoredCounter(count: 0)
            counter.count += 1
            counter.names = ["thread \(index)"]
            value = counter
          }
        } catch {
          failures.append("\(error)")
        }
      }
    }.start()
  }
  group.wait()
  return failures.all
}

/// Errors collected from several threads.
final class FailureList: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []

  func append(_ item: String) {
    lock.lock()
    items.append(item)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }
}
