import FileSystem

extension FolderLibrary {
  /// A look at `regions` only (the folders a change was heard in), merged into `previous`, a
  /// complete scan, and `baseline`, the watcher's snapshot of the same moment: what a whole
  /// scan would give, for the cost of those folders. Nil when only a whole scan can tell: a
  /// symbolic link is met (its target may be elsewhere), a region's folder is no longer a real
  /// folder, or the root cannot be read.
  ///
  /// What keeps a running gallery of 100,000 photos current: a whole look there is mostly its
  /// walk and the index's read of every row; copying a hundred photos into one album needs
  /// neither.
  func partialScan(
    of regions: [LibraryRegion], previous: FolderScan, baseline: FolderSnapshot,
    willList: (String) -> Void
  ) -> (FolderScan, FolderSnapshot)? {
    guard !baseline.followsLinks, !previous.isProvisional, previous.rootError == nil else {
      return nil
    }
    let walker = FolderWalker(root: root)
    var walk = FolderWalk()
    for region in regions {
      let part = walker.walk(
        from: region.folder, recursive: region.includesSubfolders, willList: willList)
      guard part.rootError == nil, !part.isIncomplete, !part.followsLinks else { return nil }
      walk.files += part.files
      walk.skipped += part.skipped
    }
    var fresh: FolderSnapshot? = FolderSnapshot()
    let part = scanFolder(walk, in: regions, baseline: &fresh)
    guard part.rootError == nil, let fresh else { return nil }

    let outside = { (id: String) in !regions.contains { $0.contains(id) } }
    var merged = baseline
    merged.items = merged.items.filter { outside($0.key) }
    merged.items.merge(fresh.items) { _, new in new }
    let scan = FolderScan(
      assets: Self.mergedNewestFirst(previous.assets.filter { outside($0.id) }, part.assets),
      problems: previous.problems.filter { outside($0.path) } + part.problems,
      skipped: previous.skipped.filter { outside($0.path) } + part.skipped)
    LibraryIndex.open(root: root.path, location: index)?.rememberListing(
      scan.assets.prefix(LibraryIndex.listingLength).lazy.map { $0.id })
    return (scan, merged)
  }

  /// Two newest-first listings as one, in the order ``sortNewestFirst(_:)`` gives.
  static func mergedNewestFirst(_ first: [Asset], _ second: [Asset]) -> [Asset] {
    var merged: [Asset] = []
    merged.reserveCapacity(first.count + second.count)
    var i = first.startIndex
    var j = second.startIndex
    while i < first.endIndex, j < second.endIndex {
      if isListedBefore(second[j], first[i]) {
        merged.append(second[j])
        j += 1
      } else {
        merged.append(first[i])
        i += 1
      }
    }
    merged += first[i...]
    merged += second[j...]
    return merged
  }
}
