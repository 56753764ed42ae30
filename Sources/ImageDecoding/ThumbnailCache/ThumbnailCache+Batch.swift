import Foundation
import Synchronization

extension ThumbnailCache {
  /// Makes sure every file in `files` has a fresh thumbnail at `size`, on `jobs` threads.
  ///
  /// Memory stays bounded: each of the `jobs` workers takes the next file only when it has
  /// finished its last, so at most `jobs` images are decoded at once, whatever the number of
  /// files. `progress` is called after each file, from the worker that finished it, with the
  /// number done and the total. Results come back in the order of `files`. Temporary files that
  /// a killed run left behind are deleted first.
  public func makeThumbnails(
    for files: [URL], size: ThumbnailSize, jobs: Int, force: Bool = false,
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) -> [ThumbnailJobResult] {
    removeAbandonedTemporaryFiles(size: size)
    let total = files.count
    let state = Mutex(BatchState(outcomes: Array(repeating: nil, count: total)))
    let work: @Sendable () -> Void = {
      while let index = state.withLock({ $0.takeNext(total) }) {
        let outcome = ensureThumbnail(for: files[index], size: size, force: force)
        let done = state.withLock { $0.finish(index, outcome) }
        progress?(done, total)
      }
    }
    let workers = max(1, min(jobs, total))
    if workers == 1 {
      work()
    } else {
      let finished = DispatchGroup()
      for _ in 0..<workers {
        finished.enter()
        let thread = Thread {
          work()
          finished.leave()
        }
        // Decoders keep their buffers on the heap; 4 MiB leaves room for deep C call chains.
        thread.stackSize = 4 << 20
        thread.start()
      }
      finished.wait()
    }
    let outcomes = state.withLock { $0.outcomes }
    return zip(files, outcomes).map { file, outcome in
      ThumbnailJobResult(file: file, outcome: outcome ?? .cached)
    }
  }
}

/// The shared queue of a batch: the next file to take and what happened to each.
private struct BatchState: Sendable {
  var next = 0
  var done = 0
  var outcomes: [ThumbnailOutcome?]

  mutating func takeNext(_ total: Int) -> Int? {
    guard next < total else { return nil }
    defer { next += 1 }
    return next
  }

  mutating func finish(_ index: Int, _ outcome: ThumbnailOutcome) -> Int {
    outcomes[index] = outcome
    done += 1
    return done
  }
}
