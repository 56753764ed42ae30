import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file found in the library, not yet known to be an image.
struct FolderEntry: Sendable, Equatable {
  /// The path relative to the root, with '/' separators.
  var id: String
  /// The absolute path (through the link, for a symbolic link).
  var path: String
  /// The first-level subfolder holding it, or nil for the root.
  var album: String?
  /// The file's `stat` (the target's, for a symbolic link).
  var signature: FileSignature
}

/// The regular files below a library root, and what could not be walked.
struct FolderWalk: Sendable {
  var files: [FolderEntry] = []
  var problems: [ScanProblem] = []
}

/// Walks a library folder with `opendir`/`readdir`/`lstat`, applying the library's rules.
///
/// - Names starting with '.' (hidden files and folders, and PhotoGate's own temporary files)
///   are skipped, and so is anything that is neither a regular file nor a folder.
/// - A symbolic link to a regular file inside the root is listed under the link's own path
///   (like a second copy: an image can be linked into several albums). A link that leads
///   outside the root, or nowhere, is not followed and is reported. A link to a folder is
///   never followed: everything inside the root is reached through real folders anyway, so
///   following it could only list files twice or loop.
/// - Each real folder is listed once, tracked by (device, inode), so even a bind-mount loop
///   terminates.
/// - A folder or file that cannot be read is reported and the walk goes on.
struct FolderWalker {
  /// The root as given (asset URLs are built from it).
  var root: URL

  /// Walks the tree; `willList` is called with each folder's absolute path just before it is
  /// listed (the watcher adds its inotify watch there, so no later change can be missed).
  func walk(willList: (String) -> Void = { _ in }) -> FolderWalk {
    var walk = FolderWalk()
    let rootPath = root.path
    let resolvedRoot: String
    do throws(SystemError) {
      resolvedRoot = try POSIX.resolvedPath(rootPath)
      let info = try POSIX.targetInfo(rootPath)
      if (info.st_mode & S_IFMT) != S_IFDIR { throw SystemError(call: "opendir", code: ENOTDIR) }
    } catch {
      walk.problems.append(
        ScanProblem(
          path: ".", url: root,
          reason: "the library folder cannot be opened: \(error.reason)"))
      return walk
    }
    var visited: Set<DirectoryIdentity> = []
    // Folders still to list: (path relative to root, "" for the root itself).
    var pending: [String] = [""]
    while let relative = pending.popLast() {
      let absolute = relative.isEmpty ? rootPath : rootPath + "/" + relative
      // The root may be a link; a subfolder is checked again without following links, in
      // case it was swapped for one since it was listed.
      guard
        let info = try?
          (relative.isEmpty
          ? POSIX.targetInfo(absolute) : POSIX.entryInfo(absolute)),
        (info.st_mode & S_IFMT) == S_IFDIR,
        visited.insert(DirectoryIdentity(info)).inserted
      else { continue }
      willList(absolute)
      let listing: (names: [String], undecodable: Int)
      do {
        listing = try POSIX.listDirectory(absolute)
      } catch {
        walk.problems.append(
          problem(relative, "the folder cannot be read: \(error.reason)"))
        continue
      }
      if listing.undecodable > 0 {
        walk.problems.append(
          problem(
            relative,
            "\(listing.undecodable) entries with names that are not valid UTF-8 were skipped"))
      }
      var subfolders: [String] = []
      for name in listing.names where !name.hasPrefix(".") {
        let id = relative.isEmpty ? name : relative + "/" + name
        let path = rootPath + "/" + id
        let info: stat
        do {
          info = try POSIX.entryInfo(path)
        } catch {
          walk.problems.append(problem(id, "cannot be read: \(error.reason)"))
          continue
        }
        let album = relative.isEmpty ? nil : String(relative.prefix { $0 != "/" })
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          subfolders.append(id)
        case S_IFREG:
          walk.files.append(
            FolderEntry(id: id, path: path, album: album, signature: FileSignature(info)))
        case S_IFLNK:
          switch followLink(at: path, resolvedRoot: resolvedRoot) {
          case .file(let target):
            walk.files.append(
              FolderEntry(id: id, path: path, album: album, signature: FileSignature(target)))
          case .skip:
            break
          case .problem(let reason):
            walk.problems.append(problem(id, reason))
          }
        default:
          break  // FIFOs, sockets and devices are never opened.
        }
      }
      // Reverse, so that popLast lists subfolders in name order.
      pending.append(contentsOf: subfolders.reversed())
    }
    return walk
  }

  private func problem(_ relative: String, _ reason: String) -> ScanProblem {
    let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
    return ScanProblem(path: relative.isEmpty ? "." : relative, url: url, reason: reason)
  }

  private enum LinkOutcome {
    case file(stat)
    case skip
    case problem(String)
  }

  /// Decides what a symbolic link in the library is: a file inside the root to list, a folder
  /// to skip, or something to report.
  private func followLink(at path: String, resolvedRoot: String) -> LinkOutcome {
    let target: String
    do {
      target = try POSIX.resolvedPath(path)
    } catch  where error.code == ENOENT {
      return .problem("broken symbolic link (its target does not exist)")
    } catch  where error.code == ELOOP {
      return .problem("symbolic link loop")
    } catch {
      return .problem("symbolic link cannot be resolved: \(error.reason)")
    }
    let prefix = resolvedRoot == "/" ? "/" : resolvedRoot + "/"
    guard target == resolvedRoot || target.hasPrefix(prefix) else {
      return .problem("symbolic link leads outside the library (to \(target)); not followed")
    }
    guard let info = try? POSIX.targetInfo(target) else {
      return .problem("symbolic link target cannot be read")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file(info)
    default: return .skip  // Folders inside the root are walked through their real path.
    }
  }
}

/// A folder's identity: (device, inode).
struct DirectoryIdentity: Hashable {
  var device: UInt64
  var inode: UInt64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
