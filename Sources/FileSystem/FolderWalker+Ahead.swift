import Foundation

extension FolderWalker {
  /// ``walk(folderListed:)`` with the walk on a thread of its own, listing up to `ahead`
  /// folders before `folderListed` has taken them. `folderListed` runs on the calling thread,
  /// folder by folder in walk order, so the caller's work on one folder overlaps the `statx`
  /// calls of the next. Returning false stops the walk; it is then waited for.
  package func walkAhead(
    _ ahead: Int = 2, folderListed: (String, [FolderEntry], ArraySlice<FolderSkip>) -> Bool
  ) -> FolderWalk {
    let channel = ListedFolders(capacity: ahead)
    let walker = self
    let thread = Thread {
      let walk = walker.walk { folder, files, skips in
        channel.put(ListedFolders.Folder(folder: folder, files: files, skips: Array(skips)))
      }
      channel.finish(walk)
    }
    thread.start()
    while let listed = channel.take() {
      if !folderListed(listed.folder, listed.files, listed.skips[...]) {
        channel.cancel()
        break
      }
    }
    return channel.waitForWalk()
  }
}

/// The folders a walk on another thread has listed and the caller has not yet taken: a queue
/// of at most `capacity`, whose `put` waits while it is full (a condition variable guards it).
private final class ListedFolders: @unchecked Sendable {
  /// One listed folder.
  struct Folder: Sendable {
    var folder: String
    var files: [FolderEntry]
    var skips: [FolderSkip]
  }

  private let condition = NSCondition()
  private let capacity: Int
  // Guarded by `condition`.
  private var queue: [Folder] = []
  private var isCancelled = false
  private var walk: FolderWalk?

  init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Adds a folder, waiting while the queue is full; false once the caller stopped taking.
  func put(_ folder: Folder) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= capacity && !isCancelled { condition.wait() }
    if isCancelled { return false }
    queue.append(folder)
    condition.broadcast()
    return true
  }

  /// The walk's end: what it returns.
  func finish(_ walk: FolderWalk) {
    condition.lock()
    self.walk = walk
    condition.broadcast()
    condition.unlock()
  }

  /// The next folder, waiting for it; nil once the walk has ended and every folder was taken.
  func take() -> Folder? {
    condition.lock()
    defer { condition.unlock() }
    while queue.isEmpty && walk == nil { condition.wait() }
    if queue.isEmpty { return nil }
    let folder = queue.removeFirst()
    condition.broadcast()
    return folder
  }

  /// Stops the walk at its next folder.
  func cancel() {
    condition.lock()
    isCancelled = true
    queue.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  /// What the walk returned, once it has ended.
  func waitForWalk() -> FolderWalk {
    condition.lock()
    defer { condition.unlock() }
    while walk == nil { condition.wait() }
    return walk!
  }
}
