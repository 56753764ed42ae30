import FileSystem
import Foundation

extension LibraryIndex {
  /// How many of a complete listing's first assets the index keeps: a few screenfuls of the
  /// gallery's grid, drawn on a later open before the walk has listed a single folder.
  static let listingLength = 1000

  /// Keeps `ids`, the first assets of a complete listing in its order (newest first), in place
  /// of the ones kept before; nothing is written when they did not change.
  ///
  /// What the Photos database gives the Photos app on launch: the grid as it was, before
  /// anything is checked. A failure to write leaves the previous listing (it is a cache).
  /// Ids with a line break in them (a file name may hold one) are left out: the list is kept
  /// as lines.
  func rememberListing(_ ids: some Collection<String>) {
    let text = ids.prefix(Self.listingLength).filter { !$0.contains("\n") }
      .joined(separator: "\n")
    guard (try? Self.meta("listing", database)) != text else { return }
    try? database.writeTransaction { () throws(SQLiteError) in
      try Self.setMeta("listing", text, database)
    }
  }

  /// The files of the last remembered listing, in its order, with the signature and facts
  /// each had when read; files the index no longer records are left out.
  func rememberedListing() -> [(id: String, signature: FileSignature, facts: FileFacts)] {
    guard let text = try? Self.meta("listing", database), !text.isEmpty,
      let select = try? database.prepare(
        "SELECT device, inode, size, mtime, mtime_ns, ctime, ctime_ns, kind, format, width,"
          + " height, orientation, date, facts FROM files WHERE path = ?")
    else { return [] }
    var files: [(id: String, signature: FileSignature, facts: FileFacts)] = []
    for id in text.split(separator: "\n").map(String.init) {
      select.bind(1, id)
      defer { select.reset() }
      guard (try? select.step()) == true, let facts = Self.stored(select, from: 7)?.decoded
      else { continue }
      files.append((id, Self.signature(select, from: 0), facts))
    }
    return files
  }
}
