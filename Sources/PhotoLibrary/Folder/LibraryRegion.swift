/// A part of a library folder looked at again after a change: one folder's own files, or a
/// folder with everything below it.
struct LibraryRegion: Hashable, Sendable {
  /// The folder's path relative to the library root ("" for the root).
  var folder: String
  /// Whether the files of its subfolders, at any depth, belong to the region.
  var includesSubfolders: Bool

  /// Whether the file (or skipped entry, or the folder itself) `id` is in the region.
  /// Compares bytes (paths are names by their bytes): a look merges a region into a listing
  /// of a million ids with this, one call per id.
  func contains(_ id: String) -> Bool {
    let id = id.utf8
    if id.elementsEqual(folder.utf8) { return true }
    return holds(id[..<(id.lastIndex(of: UInt8(ascii: "/")) ?? id.startIndex)])
  }

  /// Whether the files directly in `folder` (relative to the root) are in the region.
  func holds(folder other: String) -> Bool { holds(other.utf8[...]) }

  private func holds(_ parent: Substring.UTF8View) -> Bool {
    let folder = folder.utf8
    if parent.elementsEqual(folder) { return true }
    guard includesSubfolders else { return false }
    guard !folder.isEmpty else { return true }
    // Below the folder: its bytes, then a slash.
    guard parent.count > folder.count, parent.starts(with: folder) else { return false }
    return parent[parent.index(parent.startIndex, offsetBy: folder.count)] == UInt8(ascii: "/")
  }

  /// `regions` without those another one already holds.
  static func reduced(_ regions: some Sequence<LibraryRegion>) -> [LibraryRegion] {
    let all = Set(regions)
    return all.filter { region in
      !all.contains { other in
        other != region && other.includesSubfolders
          && (other.folder.isEmpty || region.folder == other.folder
            || region.folder.hasPrefix(other.folder + "/"))
      }
    }.sorted {
      ($0.folder, $0.includesSubfolders ? 1 : 0) < ($1.folder, $1.includesSubfolders ? 1 : 0)
    }
  }
}
