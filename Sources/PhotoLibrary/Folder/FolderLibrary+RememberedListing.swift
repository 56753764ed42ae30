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

  /// How many files the first screen of a library the index remembers nothing of is read
  /// from (see ``firstFoundScreen()``).
  static let firstFoundLength = 200

  /// The images among the first ``firstFoundLength`` files the walk finds, newest first: the
  /// first screen of a library opened for the first time, drawn while the scan reads the rest
  /// (the screen fills in as it does; the count follows the scan's progress). Their headers
  /// are read here and not recorded: the scan records them as it reads every file. Empty for
  /// a library of fewer files, whose scan is as quick.
  func firstFoundScreen() -> [Asset] {
    var entries: [FolderEntry] = []
    var isLarge = false
    _ = FolderWalker(root: root).walk { _, files, _ in
      entries += files.prefix(Self.firstFoundLength - entries.count)
      isLarge = entries.count == Self.firstFoundLength
      return !isLarge
    }
    guard isLarge else { return [] }
    let facts = ConcurrentMap.map(entries) { FileFacts.read($0.path) }
    var assets = zip(entries, facts).compactMap { entry, facts in
      facts.isImage ? file(entry, facts: facts).asset(pairedWith: nil) : nil
    }
    Self.sortNewestFirst(&assets)
    return assets
  }

  /// The provisional listing a gallery starts from: the first screen the index remembers
  /// (`byIndex`), else the first files found.
  func firstScreen() -> (assets: [Asset], byIndex: Bool) {
    let remembered = rememberedFirstScreen()
    return remembered.isEmpty ? (firstFoundScreen(), false) : (remembered, true)
  }
}
