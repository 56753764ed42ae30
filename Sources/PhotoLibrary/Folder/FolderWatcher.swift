import FileSystem
import Foundation
import Synchronization

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watches a folder and calls a handler with what changed, on its own serial queue: the
/// library folder (``FolderTreeTarget``) or the state folder of a ``JSONFileStore``.
///
/// Events only say "look again": after a burst settles (no event for `quietPeriod`, or at most
/// `maxLatency` after the first), the ``WatchTarget`` looks again and reports the difference:
/// for the library, the folder is walked again and compared with the previous
/// ``FolderSnapshot``, so renames, new subfolders and editors that replace files all come out
/// as inserted / removed / changed ids. With inotify (`inotify_init1`, `inotify_add_watch` on
/// the root and on every subfolder, added just before each folder is listed so nothing created
/// meanwhile is missed); otherwise by polling. When inotify runs out of watches
/// (`fs.inotify.max_user_watches`), the folders it cannot watch are looked at again every
/// second, and `notice` is told once why and how to raise the limit. For the library, the
/// folder of its state files (favourites and hidden, iCloud: ``LibraryStateFiles``) is watched
/// too, by the same inotify instance: their replacement makes a look at them alone.
///
/// Sendable by hand (`@unchecked`): the watch state is touched only on `queue` once started; `cancelled` is atomic.
final class FolderWatcher: @unchecked Sendable {
  /// How long the folder must be quiet before a burst of events is reported.
  static let quietPeriod = Duration.milliseconds(100)
  /// The longest a notice waits while events keep coming.
  static let maxLatency = Duration.seconds(1)
  /// The polling interval when inotify cannot be used.
  static let fallbackInterval = Duration.seconds(1)

  private let queue = DispatchQueue(label: "photogate.library-observer", qos: .utility)
  /// Marks `queue`, so that ``catchUp()`` called on it does not wait for itself.
  private static let onQueue = DispatchSpecificKey<Bool>()
  private let target: any WatchTarget
  private let cancelled = Atomic<Bool>(false)
  private let addWatchCall: AddWatch
  /// Told once, when some folder cannot be watched.
  private let notice: (@Sendable (String) -> Void)?

  /// `inotify_add_watch(fd, path, mask)`: the watch, or -1 and the `errno` it set.
  typealias AddWatch =
    @Sendable (_ fd: Int32, _ path: String, _ mask: UInt32) -> (
      watch: Int32, error: Int32
    )
  /// The system's `inotify_add_watch`.
  static let systemAddWatch: AddWatch = { fd, path, mask in
    let watch = inotify_add_watch(fd, path, mask)
    return (watch, watch == -1 ? errno : 0)
  }

  // Touched only on `queue` once `start` has returned.
  private var inotifyFD: Int32 = -1
  private var readSource: (any DispatchSourceRead)?
  private var pollTimer: (any DispatchSourceTimer)?
  private var firstPendingEvent: ContinuousClock.Instant?
  private var lastEvent: ContinuousClock.Instant?
  private var flushScheduled = false
  private var watchesFailed = false
  private var rootWatched = false
  /// The folder (relative to the root) of each inotify watch; a watch two paths share (a
  /// folder reached through a symbolic link as well) is marked with nil. A watch follows its
  /// folder when it is renamed or moved: the look at its new place renames it here.
  private var watchedFolders: [Int32: String?] = [:]
  /// The parts of the folder the pending events were heard in; nil when only a whole look
  /// can tell what changed (an overflow, a watch that is not known, the root itself moved).
  private var pendingRegions: Set<LibraryRegion>? = []
  /// The folders (relative to the root) inotify could not watch: each poll looks at them.
  private var unwatchedFolders: Set<String> = []
  /// Whether a folder outside the root could not be watched (a poll then looks at everything).
  private var unwatchedElsewhere = false
  private var noticeGiven = false
  /// A folder outside the root, and the names of files in it, whose replacement makes the
  /// target look again without a look at the folder: the library's state files
  /// (``LibraryStateFiles``), watched with the same inotify instance.
  private let outside: (folder: String, names: Set<String>)?
  /// The inotify watch of ``outside``'s folder; -1 when there is none.
  private var outsideWatch: Int32 = -1
  /// Whether ``outside``'s folder could not be watched: each poll looks at its files then.
  private var outsideUnwatched = false

  /// Whether inotify is in use (false: polling only).
  private(set) var usesInotify = false

  init(
    root: URL, index: LibraryIndexLocation = .none,
    look: ((_ willList: (String) -> Void) -> FolderSnapshot)? = nil, lookEveryTime: Bool = false,
    partialLook: FolderTreeTarget.PartialLook? = nil, addWatch: @escaping AddWatch = systemAddWatch,
    stateFiles: LibraryStateFiles? = nil, notice: (@Sendable (String) -> Void)? = nil,
    handler: @escaping @Sendable (LibraryChange) -> Void
  ) {
    target = FolderTreeTarget(
      walker: FolderWalker(root: root), index: index, look: look, lookEveryTime: lookEveryTime,
      partialLook: partialLook, stateFiles: stateFiles, handler: handler)
    addWatchCall = addWatch
    self.notice = notice
    outside = stateFiles.map { files in
      let paths = files.files.map { $0 as NSString }
      return (
        paths.first?.deletingLastPathComponent ?? "/", Set(paths.map(\.lastPathComponent))
      )
    }
    queue.setSpecific(key: Self.onQueue, value: true)
  }

  /// A watcher over any target (a state file in its folder, say).
  init(target: any WatchTarget) {
    self.target = target
    addWatchCall = Self.systemAddWatch
    notice = nil
    outside = nil
    queue.setSpecific(key: Self.onQueue, value: true)
  }

  /// Takes the first snapshot (synchronously, so changes made after this returns are
  /// reported) and starts watching.
  func start(_ detection: ChangeDetection) {
    switch detection {
    case .polling(let interval):
      takeSnapshot()
      startPolling(every: interval)
    case .automatic:
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else {
        takeSnapshot()
        startPolling(every: Self.fallbackInterval)
        return
      }
      inotifyFD = fd
      usesInotify = true
      if let outside {
        // Before the baseline, so that a change made after it is heard.
        outsideWatch = addWatchCall(fd, outside.folder, Self.watchMask).watch
        outsideUnwatched = outsideWatch < 0
      }
      takeSnapshot()
      let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
      source.setEventHandler { [weak self] in self?.drainEvents() }
      source.setCancelHandler { close(fd) }
      readSource = source
      source.resume()
      pollIfWatchesAreMissing()
    }
  }

  /// ``start(_:)`` on the watcher's queue: returns at once; changes made after the baseline
  /// is taken are reported. Nothing starts when cancelled first.
  func startInBackground(_ detection: ChangeDetection) {
    queue.async { [self] in
      guard !cancelled.load(ordering: .sequentiallyConsistent) else { return }
      start(detection)
    }
  }

  /// Stops watching; no handler call starts after this returns.
  func cancel() {
    cancelled.store(true, ordering: .sequentiallyConsistent)
    queue.async { [self] in
      readSource?.cancel()
      readSource = nil
      pollTimer?.cancel()
      pollTimer = nil
    }
  }

  deinit {
    // Sources stay registered until cancelled; the cancel handler closes the inotify fd.
    readSource?.cancel()
    pollTimer?.cancel()
  }

  /// Looks at once at what the events heard so far say changed (and at what polling would
  /// look at), without waiting for the folder to be quiet, and returns once its notice (if
  /// any) was handed to the handler: a change made before this call is not reported after it.
  /// Does nothing before the watcher started, while a transaction is being applied (its
  /// notice follows its end), or on the watcher's queue.
  func catchUp() {
    guard DispatchQueue.getSpecific(key: Self.onQueue) == nil else { return }
    queue.sync {
      guard !cancelled.load(ordering: .sequentiallyConsistent),
        readSource != nil || pollTimer != nil,
        !target.isHeld
      else { return }
      if readSource != nil { drainEvents() }
      if firstPendingEvent != nil {
        // The flush already scheduled finds nothing pending and ends.
        firstPendingEvent = nil
        lastEvent = nil
        let regions = pendingRegions.map(LibraryRegion.reduced)
        pendingRegions = []
        rescan(regions: regions)
      }
      if pollTimer != nil { poll() }
    }
  }

  // MARK: - inotify

  private static let watchMask: UInt32 =
    UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE)
    | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF)
    | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

  /// Adds (or refreshes: the call is idempotent per folder) the watch on `directory`.
  private func addWatch(_ directory: String) {
    guard inotifyFD >= 0 else { return }
    let (watch, error) = addWatchCall(inotifyFD, directory, Self.watchMask)
    let relative = target.relativeFolder(directory)
    if watch >= 0 {
      if let relative { unwatchedFolders.remove(relative) }
      if let known = watchedFolders[watch], known != relative {
        // Either the folder moved (it is no longer at its old path) or it has two paths.
        let moved = known.map { !isStill($0, at: directory) } ?? false
        watchedFolders[watch] = moved ? relative : .some(nil)
      } else {
        watchedFolders[watch] = relative
      }
    }
    if watch == -1 {
      // Out of watches (fs.inotify.max_user_watches) or an unwatchable folder: also poll it.
      // (ENOENT only means the folder vanished since it was listed.)
      if error != ENOENT {
        watchesFailed = true
        if let relative { unwatchedFolders.insert(relative) } else { unwatchedElsewhere = true }
        if !noticeGiven {
          noticeGiven = true
          notice?(Self.fallbackNotice(root: target.root, folder: directory, error: error))
        }
      }
    } else if directory == target.root {
      rootWatched = true
    }
  }

  /// What the user is told when `folder` (below `root`) cannot be watched: why, what is done
  /// instead, and how to raise inotify's limit when that is the reason.
  static func fallbackNotice(root: String, folder: String, error: Int32) -> String {
    let instead = "the folders not watched are looked at again every second"
    if error == ENOSPC || error == ENOMEM {
      let limit =
        (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
      return "cannot watch every folder of \(root) for changes: inotify's limit of watches is "
        + "reached (fs.inotify.max_user_watches = \(limit); raise it with "
        + "'sysctl fs.inotify.max_user_watches=1048576'); \(instead)"
    }
    return "cannot watch \(folder) for changes (\(String(cString: strerror(error)))); \(instead)"
  }

  /// Whether the folder at `directory` can still be reached at `folder` (relative to the
  /// root): the same device and inode at both paths (`stat`, links followed).
  private func isStill(_ folder: String, at directory: String) -> Bool {
    let old =
      folder.isEmpty ? target.root : (target.root as NSString).appendingPathComponent(folder)
    var before = stat()
    var now = stat()
    guard stat(old, &before) == 0, stat(directory, &now) == 0 else { return false }
    return before.st_dev == now.st_dev && before.st_ino == now.st_ino
  }

  /// Takes the target's baseline, (re)adding watches.
  private func takeSnapshot() {
    rootWatched = false
    target.look(willList: addWatch, regions: nil, report: { false })
  }

  /// Polls as well when some folder could not be watched, or the root itself could not (it is
  /// missing, or was deleted: a new folder at its path would have no watch).
  private func pollIfWatchesAreMissing() {
    if (watchesFailed || !rootWatched || outsideUnwatched) && pollTimer == nil {
      startPolling(every: Self.fallbackInterval)
    }
  }

  /// Reads every pending event, noting the folder each was heard in (see
  /// ``InotifyEvent/region(folder:)``).
  private func drainEvents() {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var sawEvent = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(inotifyFD, $0.baseAddress!, $0.count) }
      if count > 0 {
        for event in InotifyEvent.events(in: buffer[..<count]) where note(event) {
          sawEvent = true
        }
        continue
      }
      if count == -1 && errno == EINTR { continue }
      break
    }
    if sawEvent { noteEvent() }
  }

  /// Adds the part of the library `event` says changed to the pending regions; whether it
  /// calls for a look (an event in ``outside``'s folder only when it is about one of its files:
  /// the look then reads them, and nothing of the folder).
  private func note(_ event: InotifyEvent) -> Bool {
    if outsideWatch >= 0, event.watch == outsideWatch {
      if event.mask & UInt32(IN_IGNORED) != 0 {
        // The state folder went: its files are polled from now on.
        outsideWatch = -1
        outsideUnwatched = true
        pollIfWatchesAreMissing()
        return true
      }
      return outside?.names.contains(event.name) ?? false
    }
    if event.mask & UInt32(IN_IGNORED) != 0 {
      // The watch is gone (its folder was deleted or moved: the parent's event says so).
      watchedFolders[event.watch] = nil
      return true
    }
    guard event.mask & UInt32(IN_Q_OVERFLOW) == 0, let known = watchedFolders[event.watch],
      let folder = known, let region = event.region(folder: folder)
    else {
      pendingRegions = nil
      return true
    }
    pendingRegions?.insert(region)
    return true
  }

  /// Records an event and makes sure a flush is scheduled.
  private func noteEvent() {
    let now = ContinuousClock.now
    lastEvent = now
    if firstPendingEvent == nil { firstPendingEvent = now }
    if !flushScheduled {
      flushScheduled = true
      schedule(after: Self.quietPeriod)
    }
  }

  private func schedule(after delay: Duration) {
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(max(nanoseconds, 1))) { [weak self] in
      self?.flushIfQuiet()
    }
  }

  /// Rescans when the folder has been quiet for `quietPeriod`, or events have kept coming for
  /// `maxLatency`; otherwise waits for the rest of the quiet period.
  private func flushIfQuiet() {
    guard let first = firstPendingEvent, let last = lastEvent else {
      flushScheduled = false
      return
    }
    let now = ContinuousClock.now
    let quietFor = now - last
    if quietFor < Self.quietPeriod && now - first < Self.maxLatency {
      schedule(after: Self.quietPeriod - quietFor)
      return
    }
    // A transaction is being applied: its end (an event too) is the moment to look.
    if target.isHeld {
      schedule(after: Self.quietPeriod)
      return
    }
    flushScheduled = false
    firstPendingEvent = nil
    lastEvent = nil
    let regions = pendingRegions.map(LibraryRegion.reduced)
    pendingRegions = []
    rescan(regions: regions)
  }

  // MARK: - Polling and rescanning

  private func startPolling(every interval: Duration) {
    let (seconds, attoseconds) = interval.components
    let nanoseconds = max(
      Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000), 1_000_000)
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
    timer.setEventHandler { [weak self] in
      // A transaction in progress holds the poll as it holds the event-driven look.
      guard let self, !target.isHeld else { return }
      poll()
    }
    pollTimer = timer
    timer.resume()
  }

  /// A poll: with inotify watching the root, a look at the folders it could not watch only;
  /// otherwise a look at the whole folder.
  private func poll() {
    guard usesInotify, rootWatched, !unwatchedElsewhere else { return rescan() }
    // A look at no folder still reads the state files.
    if unwatchedFolders.isEmpty {
      if outsideUnwatched { rescan(regions: []) }
      return
    }
    rescan(
      regions: LibraryRegion.reduced(
        unwatchedFolders.map { LibraryRegion(folder: $0, includesSubfolders: true) }))
  }

  /// Looks again (re-adding watches for new subfolders) and reports the difference: at
  /// `regions` only when the events said where, else at the whole folder.
  private func rescan(regions: [LibraryRegion]? = nil) {
    guard !cancelled.load(ordering: .sequentiallyConsistent) else { return }
    if regions == nil { rootWatched = false }
    target.look(willList: addWatch, regions: regions) {
      !self.cancelled.load(ordering: .sequentiallyConsistent)
    }
    if usesInotify { pollIfWatchesAreMissing() }
  }
}

/// What a ``FolderWatcher`` looks at again after each burst of events.
protocol WatchTarget: AnyObject {
  /// The folder watched first; when it cannot be watched, polling is used as well.
  var root: String { get }
  /// Looks again, calling `willList` with every folder to watch before reading it, keeps what
  /// it saw as the new baseline, and reports the difference when `report()` says so (it is
  /// false for the first look and after cancellation). `regions`, when known, are the only
  /// parts that changed; a target may look at everything anyway.
  func look(willList: (String) -> Void, regions: [LibraryRegion]?, report: () -> Bool)
  /// Whether looking should wait (a transaction is being applied to the folder).
  var isHeld: Bool { get }
}

extension WatchTarget {
  var isHeld: Bool { false }

  /// The path of `directory` relative to ``root`` ("" for the root), nil when it is not below it.
  func relativeFolder(_ directory: String) -> String? {
    if directory == root { return "" }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return directory.hasPrefix(prefix) ? String(directory.dropFirst(prefix.count)) : nil
  }
}

/// The library folder tree: walked again and compared with the previous ``FolderSnapshot``.
final class FolderTreeTarget: WatchTarget {
  private let walker: FolderWalker
  private let handler: @Sendable (LibraryChange) -> Void
  private let index: LibraryIndexLocation
  private var snapshot = FolderSnapshot()
  /// Looks instead of a walk of its own: a library's scan, which then serves its listing
  /// too. Used for the baseline, and for every look when `lookEveryTime` (with an index, a scan
  /// costs little more than the walk, and the listing after a notice is then ready).
  private var scanLook: ((_ willList: (String) -> Void) -> FolderSnapshot)?
  private let lookEveryTime: Bool
  /// A look at some folders only, updating the baseline in place: what changed, or nil (the
  /// baseline untouched) when only a whole look can tell.
  private let partialLook: PartialLook?
  /// The library's favourites, hidden assets and iCloud state, read at each look: a change
  /// there is a change of those assets.
  private let stateFiles: LibraryStateFiles?

  typealias PartialLook =
    (_ regions: [LibraryRegion], _ baseline: inout FolderSnapshot, _ willList: (String) -> Void)
    -> LibraryChange?

  init(
    walker: FolderWalker, index: LibraryIndexLocation = .none,
    look: ((_ willList: (String) -> Void) -> FolderSnapshot)? = nil, lookEveryTime: Bool = false,
    partialLook: PartialLook? = nil, stateFiles: LibraryStateFiles? = nil,
    handler: @escaping @Sendable (LibraryChange) -> Void
  ) {
    self.walker = walker
    self.index = index
    self.scanLook = look
    self.lookEveryTime = lookEveryTime
    self.partialLook = partialLook
    self.stateFiles = stateFiles
    self.handler = handler
  }

  var root: String { walker.root.path }

  /// A ``TransactionMarker`` is open: the look waits for the transaction's end.
  var isHeld: Bool { TransactionMarker.isHeld(root: root) }

  func look(willList: (String) -> Void, regions: [LibraryRegion]?, report: () -> Bool) {
    // Only the state files changed: nothing of the folder to look at.
    if regions?.isEmpty == true, stateFiles != nil {
      finish(LibraryChange(), report: report)
      return
    }
    // In place: the snapshot of 100,000 files is not copied for a look at one folder.
    if let regions, let partialLook, let change = partialLook(regions, &snapshot, willList) {
      finish(change, report: report)
      return
    }
    let previous = snapshot
    if let scanLook {
      if !lookEveryTime { self.scanLook = nil }
      snapshot = scanLook(willList)
    } else {
      snapshot = FolderSnapshot.take(walker, previous: previous, index: index, willList: willList)
    }
    // A first look (nothing seen before, nothing to report) needs no difference: at a million
    // files, listing every one as inserted costs seconds.
    let change =
      previous.isEmpty && !report() ? LibraryChange() : snapshot.changes(since: previous)
    finish(change, report: report)
  }

  /// The last transaction of the ``TransactionMarker`` this watcher has reported.
  private var lastTransaction: (sequence: UInt64, started: Double)?
  /// What a look saw that no ended transaction explains, while another one had begun
  /// meanwhile: kept for the look after it ends, which may explain it.
  private var carried = LibraryChange()

  /// Reports `change`: as one notice per script transaction ended since the last look (see
  /// ``TransactionMarker``), then the rest, or (a transaction began during this look) keeps
  /// the rest for the look after that transaction.
  private func finish(_ change: LibraryChange, report: () -> Bool) {
    var change = change
    // Read before the marker: flags a transaction wrote are then explained by its entry, or
    // carried while it is still open.
    if let stateFiles {
      let folder = AssetIDSet(change.inserted + change.removed + change.changed)
      let flagged = stateFiles.look().filter { !folder.contains($0) }
      if !flagged.isEmpty { change.changed = (change.changed + flagged).sorted() }
    }
    let difference = carried.isEmpty ? change : carried.followed(by: change)
    carried = LibraryChange()
    guard let marker = TransactionMarker.read(root: root) else {
      if !difference.isEmpty, report() { handler(difference) }
      return
    }
    var (notices, rest) = marker.notices(for: difference, since: lastTransaction)
    // The first look is the baseline: report() is false, nothing goes out.
    lastTransaction = marker.last ?? lastTransaction
    if marker.holdsObservers, report() {
      carried = rest
    } else {
      notices.append(rest)
    }
    for notice in notices where !notice.isEmpty {
      guard report() else { return }
      handler(notice)
    }
  }
}
