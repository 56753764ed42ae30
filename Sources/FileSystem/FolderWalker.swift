import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Walks a folder tree with `opendir`/`readdir`/`statx` (`lstat` where there is no `statx`), with PhotoGate's one symbolic-link
/// policy (what `fts(3)` with `FTS_LOGICAL` plus a root check would give).
///
/// - Names starting with '.' (hidden files and folders, and ``DurableFile``'s temporary files)
///   are not listed and not counted.
/// - A symbolic link whose target lies inside the root is followed and its contents listed
///   under the link's own path, like a second copy: an image or a whole album folder can be
///   linked into several places. A link whose target lies outside the root, does not exist,
///   or leads back to a folder it is inside of (a loop), is skipped and reported.
/// - Folders are identified by (device, inode), so a loop made any way (links, bind mounts) is
///   found and the walk always ends.
/// - FIFOs, sockets and devices are never opened; they are skipped and reported.
/// - A folder or file that cannot be read is reported and the walk goes on.
package struct FolderWalker: Sendable {
  /// The root as given (entry paths start with its path).
  package var root: URL

  package init(root: URL) {
    self.root = root
  }

  /// How many entries of a folder one core examines at least: a smaller folder is examined
  /// on the calling thread.
  static let statusRun = 256

  /// A folder still to list.
  private struct Pending {
    /// The path relative to the root ("" for the root itself).
    var relative: String
    /// The folders it is inside of, and itself, by identity.
    var chain: [DirectoryIdentity]
  }

  /// Walks the tree in name order; `willList` is called with each folder's absolute path just
  /// before it is listed (a watcher adds its watch there, so no later change can be missed).
  package func walk(willList: (String) -> Void = { _ in }) -> FolderWalk {
    walk(from: "", recursive: true, willList: willList)
  }

  /// Walks the whole tree as ``walk(willList:)`` does (`willList` hears each folder before it
  /// is listed), but hands each folder's files to `folderListed` (the folder's path relative to
  /// the root, "" for the root, then its files in name order, then the entries of it the walk
  /// skipped) as soon as the folder is listed, and keeps none of the files: what is returned
  /// holds the skipped entries only, so that a walk of a million files holds one folder's at a
  /// time. The folders come in the order of a whole walk, so their files joined are its files.
  /// The walk stops where `folderListed` returns false.
  package func walk(
    willList: (String) -> Void = { _ in },
    folderListed: (String, [FolderEntry], ArraySlice<FolderSkip>) -> Bool
  ) -> FolderWalk {
    walk(from: "", recursive: true, willList: willList, handsOver: true, folderListed: folderListed)
  }

  /// Walks only the folder `relative` (a path below the root, "" for the root): its files, and
  /// with `recursive` its subfolders' too, with the ids and rules of a whole walk. A folder
  /// that is gone or hidden gives an empty walk; one that is no longer a real folder (a symbolic link or
  /// a file stands there now, or it cannot be examined) gives an empty walk with
  /// ``FolderWalk/isIncomplete`` set: only a whole walk can say what is there.
  package func walk(
    from relative: String, recursive: Bool, willList: (String) -> Void = { _ in }
  ) -> FolderWalk {
    walk(
      from: relative, recursive: recursive, willList: willList, handsOver: false,
      folderListed: { _, _, _ in true })
  }

  private func walk(
    from relative: String, recursive: Bool, willList: (String) -> Void, handsOver: Bool,
    folderListed: (String, [FolderEntry], ArraySlice<FolderSkip>) -> Bool
  ) -> FolderWalk {
    var walk = FolderWalk()
    let root = root.path
    let resolvedRoot: String
    let rootInfo: stat
    do throws(SystemError) {
      resolvedRoot = try POSIX.resolvedPath(root)
      rootInfo = try POSIX.targetInfo(root)
      if (rootInfo.st_mode & S_IFMT) != S_IFDIR {
        throw SystemError(call: "opendir", code: ENOTDIR, path: root)
      }
    } catch {
      walk.rootError = error
      return walk
    }
    let inside = Boundary(resolvedRoot: resolvedRoot)
    var chain = [DirectoryIdentity(rootInfo)]
    if !relative.isEmpty {
      // The folders from the root down, each a real folder (not reached through a link).
      var path = root
      for component in relative.split(separator: "/") {
        // A hidden folder is not listed, nor is anything below it.
        if component.hasPrefix(".") { return walk }
        path += "/" + component
        let info: stat
        do {
          info = try POSIX.entryInfo(path)
        } catch {
          walk.isIncomplete = error.code != ENOENT
          return walk
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
          walk.isIncomplete = true
          return walk
        }
        chain.append(DirectoryIdentity(info))
      }
    }
    var pending = [Pending(relative: relative, chain: chain)]
    while let folder = pending.popLast() {
      let absolute = folder.relative.isEmpty ? root : root + "/" + folder.relative
      willList(absolute)
      let skipsBefore = walk.skipped.count
      let listing: (names: [String], undecodable: Int)
      do {
        listing = try POSIX.listDirectory(absolute)
      } catch {
        walk.skip(folder.relative, .unreadable, "the folder cannot be read: \(error.reason)")
        continue
      }
      if listing.undecodable > 0 {
        walk.skip(
          folder.relative, .unreadable,
          "\(listing.undecodable) entries with names that are not valid UTF-8 cannot be listed",
          count: listing.undecodable)
      }
      // Each entry is examined relative to the folder (the kernel does not walk the whole
      // path again for each of its files), else by its path.
      let directory = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      defer { if directory >= 0 { close(directory) } }
      var subfolders: [Pending] = []
      let names = listing.names.filter { !$0.hasPrefix(".") }
      let prefix = folder.relative.isEmpty ? "" : folder.relative + "/"
      // The entries are examined on every core (a large folder's `statx` calls are most of a
      // walk), then taken in name order.
      let statuses = ConcurrentMap.mapInRuns(names, minimumRun: Self.statusRun) {
        name -> Result<FileStatus, SystemError> in
        let path = root + "/" + prefix + name
        return Result { () throws(SystemError) in
          directory >= 0
            ? try POSIX.status(name, in: directory, path: path, followLinks: false)
            : try POSIX.status(path, followLinks: false)
        }
      }
      for (name, status) in zip(names, statuses) {
        let id = prefix + name
        let path = root + "/" + id
        let entry: FileStatus
        switch status {
        case .success(let status): entry = status
        case .failure(let error):
          walk.skip(id, .unreadable, "cannot be read: \(error.reason)")
          continue
        }
        var target = entry
        if (entry.info.st_mode & S_IFMT) == S_IFLNK {
          walk.followsLinks = true
          switch inside.follow(path) {
          case .target(let followed): target = followed
          case .skip(let reason, let detail):
            walk.skip(id, reason, detail)
            continue
          }
        }
        switch target.info.st_mode & S_IFMT {
        case S_IFREG:
          walk.files.append(FolderEntry(id: id, root: root, status: target))
        case S_IFDIR:
          let identity = DirectoryIdentity(target.info)
          if folder.chain.contains(identity) {
            walk.skip(id, .linkLoop, "leads back to a folder it is inside of (a loop)")
          } else {
            subfolders.append(Pending(relative: id, chain: folder.chain + [identity]))
          }
        default:
          walk.skip(id, .notRegularFile, "not a regular file (a FIFO, socket or device)")
        }
      }
      if handsOver {
        let goesOn = folderListed(folder.relative, walk.files, walk.skipped[skipsBefore...])
        walk.files.removeAll(keepingCapacity: true)
        if !goesOn { break }
      }
      // Reversed, so that popLast lists subfolders in name order.
      if recursive { pending.append(contentsOf: subfolders.reversed()) }
    }
    return walk
  }
}

extension FolderWalk {
  fileprivate mutating func skip(
    _ id: String, _ reason: FolderSkip.Reason, _ detail: String, count: Int = 1
  ) {
    skipped.append(
      FolderSkip(id: id.isEmpty ? "." : id, reason: reason, detail: detail, count: count))
  }
}

/// The resolved root, and what a symbolic link below it leads to.
private struct Boundary {
  var resolvedRoot: String

  enum Outcome {
    case target(FileStatus)
    case skip(FolderSkip.Reason, String)
  }

  /// Resolves the link at `path`: its target's `stat` when it lies inside the root.
  func follow(_ path: String) -> Outcome {
    let target: String
    do {
      target = try POSIX.resolvedPath(path)
    } catch  where error.code == ENOENT {
      return .skip(.danglingLink, "broken symbolic link (its target does not exist)")
    } catch  where error.code == ELOOP {
      return .skip(.linkLoop, "symbolic link loop")
    } catch {
      return .skip(.unreadable, "symbolic link cannot be resolved: \(error.reason)")
    }
    let prefix = resolvedRoot == "/" ? "/" : resolvedRoot + "/"
    guard target == resolvedRoot || target.hasPrefix(prefix) else {
      return .skip(
        .linkOutsideRoot, "symbolic link leads outside the library (to \(target)); not followed")
    }
    do {
      return .target(try POSIX.status(target, followLinks: true))
    } catch {
      return .skip(.unreadable, "symbolic link target cannot be read: \(error.reason)")
    }
  }
}

/// A folder's identity: (device, inode).
package struct DirectoryIdentity: Hashable, Sendable {
  package var device: UInt64
  package var inode: UInt64

  package init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
