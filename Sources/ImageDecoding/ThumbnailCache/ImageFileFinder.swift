import Foundation

/// Finds the images in a library folder, the way the thumbnail batch and the library see it:
/// recursively, skipping hidden entries, keeping only files whose first bytes are a registered
/// signature (never judged by extension).
///
/// Symbolic links are followed only when they resolve inside the root, and each folder is
/// entered once (by device and inode), so links out of the library or in a loop are skipped.
/// An entry that cannot be read is reported, not fatal. It mirrors what `fts(3)` with
/// `FTS_PHYSICAL` plus a root check would do.
public enum ImageFileFinder {
  /// The images under a root, in path order, and the entries that could not be read.
  public struct Result: Sendable {
    public var images: [URL]
    public var problems: [DecodeError]
  }

  /// Scans `root`. Throws when the root itself is not a readable folder.
  public static func find(in root: URL) throws(DecodeError) -> Result {
    let rootPath = root.standardizedFileURL.path
    var info = stat()
    guard stat(rootPath, &info) == 0 else {
      throw DecodeError(.io, path: rootPath, reason: "cannot read folder: \(systemError())")
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw DecodeError(.io, path: rootPath, reason: "not a folder")
    }
    guard let resolved = realpath(rootPath, nil) else {
      throw DecodeError(.io, path: rootPath, reason: "cannot read folder: \(systemError())")
    }
    var walker = Walker(realRoot: String(cString: resolved))
    free(resolved)
    walker.visited.insert(FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    walker.walk(rootPath)
    return Result(images: walker.images, problems: walker.problems)
  }

  /// The format whose signature starts the file at `path`; nil for anything else.
  public static func sniffFormat(ofFileAt path: String) throws(DecodeError) -> ImageFormat? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw DecodeError(.io, path: path, reason: "cannot read file: \(systemError())")
    }
    defer { close(fd) }
    let length = ImageFormatRegistry.shared.sniffLength
    var head = [UInt8](repeating: 0, count: length)
    let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress!, length) }
    guard count >= 0 else {
      throw DecodeError(.io, path: path, reason: "cannot read file: \(systemError())")
    }
    return ImageFormat(sniffing: head.prefix(count))
  }

  private struct FolderID: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  private struct Walker {
    let realRoot: String
    var visited: Set<FolderID> = []
    var images: [URL] = []
    var problems: [DecodeError] = []

    mutating func walk(_ folder: String) {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
      } catch {
        let reason = (error as NSError).localizedFailureReason ?? "\(error)"
        problems.append(DecodeError(.io, path: folder, reason: "cannot read folder: \(reason)"))
        return
      }
      for name in names where !name.hasPrefix(".") {
        visit(folder == "/" ? "/" + name : folder + "/" + name)
      }
    }

    mutating func visit(_ path: String) {
      var info = stat()
      guard lstat(path, &info) == 0 else {
        problems.append(DecodeError(.io, path: path, reason: "cannot read: \(systemError())"))
        return
      }
      if (info.st_mode & S_IFMT) == S_IFLNK {
        // Follow only links that resolve inside the root; a dangling link is skipped.
        guard let target = realpath(path, nil) else { return }
        let resolved = String(cString: target)
        free(target)
        guard resolved == realRoot || resolved.hasPrefix(realRoot + "/"),
          stat(path, &info) == 0
        else { return }
      }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        let id = FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        if visited.insert(id).inserted { walk(path) }
      case S_IFREG:
        do throws(DecodeError) {
          if try sniffFormat(ofFileAt: path) != nil { images.append(URL(fileURLWithPath: path)) }
        } catch {
          problems.append(error)
        }
      default:
        break
      }
    }
  }
}
