import FileSystem
import Foundation
import TestSupport

@testable import PhotoLibrary

/// A library tree with its own index folder, and ways to read it through the index.
struct IndexFixture {
  let tree: LibraryTree
  let indexFolder: URL
  /// The paths `read` was asked for, by the last ``facts(settled:)``.
  let reads = LockedList<String>()

  init() throws {
    tree = try LibraryTree("indexed")
    indexFolder = try TestPaths.makeTemporaryDirectory("index")
  }

  var library: FolderLibrary { FolderLibrary(root: tree.root, index: .folder(indexFolder)) }

  /// The one index file of the library.
  var indexFile: URL {
    let real = try! POSIX.resolvedPath(tree.root.path)
    return LibraryIndexLocation.folder(indexFolder).fileURL(forRealRoot: real)!
  }

  /// The walk's files and their facts through the index, every file counting as settled
  /// (so that a file written a moment ago is recorded), with the files read noted in `reads`.
  func facts() throws -> (entries: [FolderEntry], facts: [FileFacts], readCount: Int) {
    let entries = FolderWalker(root: tree.root).walk().files
    let identity = DirectoryIdentity(try POSIX.targetInfo(tree.root.path))
    let (opened, problem) = LibraryIndex.open(
      at: indexFile, rootIdentity: "\(identity.device):\(identity.inode)")
    guard let index = opened else { throw IndexFixtureError(problem ?? "no index") }
    let before = reads.all.count
    let facts = try index.facts(for: entries, settledBefore: .max) { entry in
      reads.append(entry.id)
      return FileFacts.read(entry.path)
    }
    return (entries, facts, reads.all.count - before)
  }

  /// What reading every file afresh gives.
  func freshFacts() -> [FileFacts] {
    FolderWalker(root: tree.root).walk().files.map { FileFacts.read($0.path) }
  }

  func remove() {
    tree.remove()
    try? FileManager.default.removeItem(at: indexFolder)
  }
}

struct IndexFixtureError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
