import Foundation
import Synchronization

@testable import PhotoLibrary

/// An observation of `library` whose baseline scan runs in the background and waits at its
/// first report (the walk done, nothing read) until ``release()``: what the library lists
/// before its scan has read anything can then be looked at.
final class GatedBaseline {
  private let gate = DispatchSemaphore(value: 0)
  private let finished = Flag()
  private var observation: LibraryObservation?

  init(_ library: FolderLibrary) {
    let gate = gate
    let finished = finished
    observation = library.observe(
      detection: .polling(interval: .seconds(3600)),
      baselineProgress: { progress in
        if progress.filesRead == 0 { gate.wait() }
        if progress.isFinished { finished.set() }
      }
    ) { _ in }
  }

  /// Lets the scan go on.
  func release() { gate.signal() }

  /// Waits (at most 10 s) for the scan's last report.
  func waitUntilFinished() async throws {
    for _ in 0..<1000 where !finished.isSet {
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Ends the observation (letting a scan still waiting go on first).
  func cancel() {
    gate.signal()
    observation?.cancel()
    observation = nil
  }

  private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
  }
}
