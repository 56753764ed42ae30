import FileSystem

extension FolderLibrary {
  /// A look at `regions` only (the folders a change was heard in), merged into `previous`, a
  /// complete scan, and `baseline`, the watcher's snapshot of the same moment (updated in
  /// place): what a whole scan would give, for the cost of those folders, and what changed
  /// among the images. Nil (and `baseline` untouched) when only a whole scan can tell: a
  /// symbolic link is met (its target may be elsewhere), a region's folder is no longer a real
  /// folder, or the root cannot be read.
  ///
  /// What keeps a running gallery of 100,000 photos current: a whole look there is mostly its
  /// walk and the index's read of every row; copying a hundred photos into one album needs
  /// neither, and the new listing is made in one pass over the old one.
  ///
  /// With `flags`, the attributes whose favourite and hidden flags `previous`'s assets carry,
  /// the looked-at assets get them too (unless one must be reconciled with its file first), so
  /// that the new listing carries them without a pass over the whole library; the attributes
  /// are returned when that was done.
  func partialScan(
    of regions: [LibraryRegion], previous: FolderScan, baseline: inout FolderSnapshot,
    flags: LibraryAttributes? = nil, willList: (String) -> Void
  ) -> (FolderScan, LibraryChange, flags: LibraryAttributes?)? {
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
    let change = baseline.replace(in: regions, with: fresh)
    var looked = part.assets
    let carried = flags.flatMap { $0.needsReconciling(looked) ? nil : $0 }
    if let carried { looked = carried.apply(to: looked) }
    let scan = FolderScan(
      assets: Self.mergedNewestFirst(previous.assets, keeping: { outside($0.id) }, looked.array),
      problems: previous.problems.filter { outside($0.path) } + part.problems,
      skipped: previous.skipped.filter { outside($0.path) } + part.skipped)
    LibraryIndex.open(root: root.path, location: index)?.rememberListing(
      scan.assets.prefix(LibraryIndex.listingLength).lazy.map { $0.id })
    return (scan, change, carried)
  }

  /// The assets of `first` that `keeping` says yes to and those of `second`, both newest
  /// first, as one listing in the order ``sortNewestFirst(_:)`` gives. The runs of `first`
  /// that stay are shared with it (see ``AssetList``), not copied.
  static func mergedNewestFirst(
    _ first: AssetList, keeping: (Asset) -> Bool, _ second: [Asset]
  ) -> AssetList {
    var merged = AssetList.Builder()
    var next = second.startIndex
    // The start of the run of `first` kept and not yet appended.
    var run = 0
    first.withPieces { assets, start in
      for offset in assets.indices {
        let position = start + offset
        guard keeping(assets[offset]) else {
          merged.append(first, run..<position)
          run = position + 1
          continue
        }
        guard next < second.endIndex, isListedBefore(second[next], assets[offset]) else {
          continue
        }
        merged.append(first, run..<position)
        run = position
        while next < second.endIndex, isListedBefore(second[next], assets[offset]) {
          merged.append(second[next])
          next += 1
        }
      }
      return true
    }
    merged.append(first, run..<first.count)
    merged.append(contentsOf: second[next...])
    return merged.list
  }
}
