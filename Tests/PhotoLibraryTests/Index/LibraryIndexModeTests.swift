import FileSystem
import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// The index lists every path, date and size of the library: its folder is 0700 and its
/// database with every SQLite companion 0600, like the library's state and thumbnails.
@Suite struct LibraryIndexModeTests {
  func mode(_ path: String) throws -> mode_t { try POSIX.entryInfo(path).st_mode & 0o777 }

  /// Opens the index of `tree` in `folder`, records its files, and gives the open index (so
  /// that the write-ahead log and shared memory still exist) and its file.
  func openIndex(of tree: LibraryTree, in folder: URL) throws -> (LibraryIndex, URL) {
    let real = try POSIX.resolvedPath(tree.root.path)
    let file = LibraryIndexLocation.folder(folder).fileURL(forRealRoot: real)!
    let identity = DirectoryIdentity(try POSIX.targetInfo(tree.root.path))
    let (opened, problem) = LibraryIndex.open(
      at: file, rootIdentity: "\(identity.device):\(identity.inode)")
    let index = try #require(opened, "\(problem ?? "")")
    let entries = FolderWalker(root: tree.root).walk().files
    _ = try index.facts(for: entries, settledBefore: .max) { FileFacts.read($0.path) }
    return (index, file)
  }

  /// A library of one photo, and a temporary folder for its index; removes both after `body`.
  func withLibrary(_ body: (LibraryTree, URL) throws -> Void) throws {
    let tree = try LibraryTree("modes")
    let parent = try TestPaths.makeTemporaryDirectory("index-modes")
    defer {
      tree.remove()
      try? FileManager.default.removeItem(at: parent)
    }
    try tree.file("a.jpg")
    try body(tree, parent)
  }

  @Test func aNewIndexIsPrivateWithItsLogAndSharedMemory() throws {
    try withLibrary { tree, parent in
      let folder = parent.appendingPathComponent("cache/photogate/library-index")
      let (index, file) = try openIndex(of: tree, in: folder)
      #expect(try mode(folder.path) == 0o700)
      #expect(try mode(folder.deletingLastPathComponent().path) == 0o700)
      for suffix in ["", "-wal", "-shm"] {
        #expect(try mode(file.path + suffix) == 0o600, "\(suffix)")
      }
      withExtendedLifetime(index) {}
    }
  }

  @Test func anIndexLeftReadableByAnOlderVersionIsNarrowed() throws {
    try withLibrary { tree, parent in
      let folder = parent.appendingPathComponent("library-index")
      do {
        let (index, file) = try openIndex(of: tree, in: folder)
        withExtendedLifetime(index) {}
        for suffix in ["", "-wal", "-shm", "-journal"] {
          if !FileManager.default.fileExists(atPath: file.path + suffix) {
            _ = FileManager.default.createFile(atPath: file.path + suffix, contents: nil)
          }
          chmod(file.path + suffix, 0o644)
        }
        chmod(folder.path, 0o755)
      }
      let (index, file) = try openIndex(of: tree, in: folder)
      #expect(try mode(folder.path) == 0o700)
      for suffix in ["", "-wal", "-shm", "-journal"] {
        #expect(try mode(file.path + suffix) == 0o600, "\(suffix)")
      }
      withExtendedLifetime(index) {}
    }
  }
}
