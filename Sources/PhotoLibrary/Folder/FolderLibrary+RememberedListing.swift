import FileSystem

extension FolderLibrary {
  /// The first assets of the last complete listing the index remembers, newest first, as far
  /// as they are still there: each file is `stat`ed and kept only when its signature is the
  /// one its facts were read with. Empty without an index.
  ///
  /// What the Photos app draws on launch from its database while it checks the library: a
  /// provisional listing (see ``observe(detection:baselineProgress:_:)``) that needs no walk.
  /// Files added since are missing from it until the scan reads them.
  func rememberedFirstScreen() -> [Asset] {
    guard let index = LibraryIndex.open(root: root.path, location: index) else { return [] }
    var assets: [Asset] = []
    for remembered in index.rememberedListing() where remembered.facts.isImage {
      let path = root.path + "/" + remembered.id
      guard let status = try? POSIX.status(path, followLinks: true),
        FileSignature(status.info) == remembered.signature
      else { continue }
      let entry = FolderEntry(id: remembered.id, root: root.path, status: status)
      assets.append(file(entry, facts: remembered.facts).asset(pairedWith: nil))
    }
    Self.sortNewestFirst(&assets)
    return assets
  }
}
