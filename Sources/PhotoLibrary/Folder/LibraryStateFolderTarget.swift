import FileSystem
import Foundation

/// The folder of a library's state files (`libraries` in the state folder), for a
/// ``FolderWatcher``: after events there, tells `changed` when one of `files` was replaced
/// (every commit renames a new file over it: `stat` tells) or appeared or vanished. The other
/// files of the folder (other libraries', lock files) change nothing.
final class LibraryStateFolderTarget: WatchTarget {
  let root: String
  private let files: [String]
  private let changed: @Sendable () -> Void
  private var last: [FileSignature?] = []

  init(files: [String], changed: @escaping @Sendable () -> Void) {
    self.files = files
    root = files.first.map { ($0 as NSString).deletingLastPathComponent } ?? "/"
    self.changed = changed
  }

  func look(willList: (String) -> Void, regions: [LibraryRegion]?, report: () -> Bool) {
    willList(root)
    let now = files.map { (try? POSIX.entryInfo($0)).map(FileSignature.init) }
    guard now != last else { return }
    last = now
    if report() { changed() }
  }
}
