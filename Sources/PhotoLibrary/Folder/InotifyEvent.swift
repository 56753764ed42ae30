#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// One `struct inotify_event` as `read(2)` gives it from an inotify descriptor: the watch it
/// came from, what happened, and the name of the entry it happened to (empty when it happened
/// to the watched folder itself).
struct InotifyEvent: Equatable {
  var watch: Int32
  var mask: UInt32
  var name: String

  /// The events in `bytes`, as many as are whole.
  static func events(in bytes: ArraySlice<UInt8>) -> [InotifyEvent] {
    var events: [InotifyEvent] = []
    let header = MemoryLayout<inotify_event>.size
    bytes.withUnsafeBytes { raw in
      var position = 0
      while position + header <= raw.count {
        let watch = raw.loadUnaligned(fromByteOffset: position, as: Int32.self)
        let mask = raw.loadUnaligned(fromByteOffset: position + 4, as: UInt32.self)
        let length = Int(raw.loadUnaligned(fromByteOffset: position + 12, as: UInt32.self))
        guard position + header + length <= raw.count else { break }
        // The name is padded with NULs up to `length`.
        let nameBytes = raw[(position + header)..<(position + header + length)]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        events.append(InotifyEvent(watch: watch, mask: mask, name: name))
        position += header + length
      }
    }
    return events
  }

  /// The part of the library to look at again after this event in the watched `folder`
  /// (relative to the root): the folder's own files for a file's event, a whole subfolder for
  /// a subfolder's (created, deleted, moved in or out), the folder and everything below it for
  /// the folder's own (its permissions changed, it was moved or deleted). Nil when only a
  /// whole look can tell: the root itself moved or was deleted.
  func region(folder: String) -> LibraryRegion? {
    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 || name.isEmpty {
      return folder.isEmpty && mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0
        ? nil : LibraryRegion(folder: folder, includesSubfolders: true)
    }
    if mask & UInt32(IN_ISDIR) != 0 {
      return LibraryRegion(
        folder: folder.isEmpty ? name : folder + "/" + name, includesSubfolders: true)
    }
    return LibraryRegion(folder: folder, includesSubfolders: false)
  }
}
