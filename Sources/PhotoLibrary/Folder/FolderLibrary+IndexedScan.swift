import FileSystem
import Foundation

extension FolderLibrary {
  /// The scan and the watcher's baseline of ``scanWithBaseline(willList:progress:)``, made
  /// through the library index: the walk goes one folder at a time and brings that folder's
  /// rows up to date (see ``IndexedListing``). What is held is the listing being built and the
  /// baseline: never every file's walk entry and pairing facts at once, which at a million
  /// files were three times the listing itself.
  ///
  /// On a later open (the index lists the library already) the listing is then read from the
  /// index in listing order. On a first open every image is read, and its asset is kept as
  /// the folder is recorded: while the kept listing is provisional, the newest of the images
  /// read so far, at most `provisionalLimit`, are its listing (``ProvisionalListings``), so
  /// that the app's grid fills in as they are read, and the final listing is made from all of
  /// them (``IndexedListing/listing(ofImages:)``).
  ///
  /// The assets carry the favourite and hidden flags of `flags`, the library's attributes
  /// brought up to date with the listing, so that no second array of the listing is made to
  /// apply them. Nil when no index can be kept or it fails: the caller then scans.
  func indexedScanWithBaseline(
    willList: (String) -> Void, progress: (ScanProgress) -> Void,
    provisionalLimit: Int = FolderLibrary.provisionalLimit
  ) -> (FolderScan, FolderSnapshot, filesFound: Int, flags: LibraryAttributes?)? {
    guard
      let known = LibraryIndex.open(root: root.path, location: index).flatMap({ try? $0.count() })
    else { return nil }
    let isFirstOpen = known == 0
    var baseline = FolderSnapshot()
    var found = 0
    var imageCount = 0
    var reported = 0
    let interval = ScanProgress.interval(filesFound: known)
    // A first open's images so far, in walk order, and the last provisional listing: the newest
    // `provisionalLimit` of those read until then, newest first (shared with the app). Each
    // listing is the last one merged with the images read since, cut to the limit: the app's
    // grid shows the newest photos found so far, and holds no copy of the library.
    var read: [Asset] = []
    var listedUpTo = 0
    var listed: [Asset] = []
    // Listings go on to the end: each is cut to the limit here.
    var listings = ProvisionalListings(of: self, limit: .max)
    // The stored favourite and hidden flags, set on each image as it is read, so that the app's
    // read of a listing makes no copy of it to set them; nil once some image needs its marks
    // reconciled with its file first (the app's read does that), or when none are kept.
    var provisionalFlags = isFirstOpen ? try? attributesStore?.load() : nil
    progress(ScanProgress(filesRead: 0, filesFound: known, isCounting: isFirstOpen))
    let refreshed = withoutActuallyEscaping(willList) { willList in
      IndexedListing.refresh(
        self, settledBefore: Int(time(nil)) - 2, willList: willList,
        collectingImages: isFirstOpen
      ) { entries, isImage, folderImages in
        for (entry, isImage) in zip(entries, isImage) {
          baseline[entry.id] = FolderSnapshot.Item(signature: entry.signature, isImage: isImage)
          if isImage { imageCount += 1 }
        }
        found += entries.count
        if let flags = provisionalFlags, flags.needsReconciling(folderImages) {
          provisionalFlags = nil
        }
        if let flags = provisionalFlags, !flags.favorites.isEmpty || !flags.hidden.isEmpty {
          read += folderImages.lazy.map(flags.apply(to:))
        } else {
          read += folderImages
        }
        var report = ScanProgress(
          filesRead: found, filesFound: max(found, known), isCounting: isFirstOpen)
        if isFirstOpen {
          report.listingUpdated = listings.offer(
            imageCount: read.count, isSorted: true, carrying: provisionalFlags
          ) {
            var fresh = Array(read[listedUpTo...])
            Self.sortNewestFirst(&fresh)
            let merged = Self.mergedNewestFirst(AssetList(listed), keeping: { _ in true }, fresh)
            listed =
              merged.count > provisionalLimit
              ? Array(merged.prefix(provisionalLimit)) : merged.array
            listedUpTo = read.count
            return listed
          }
          // Full: each later listing changes only the newest few screens, and costs the app a
          // read of all of it.
          if listed.count == provisionalLimit {
            listings.minimumInterval = FolderLibrary.rememberedScreenInterval
          }
        }
        if report.listingUpdated || found - reported >= interval {
          reported = found
          progress(report)
        }
      }
    }
    guard let listing = refreshed else { return nil }
    baseline.followsLinks = listing.followsLinks
    baseline.compact()
    // Unreadable attributes are reported by the app's first read, which applies them then.
    let flags = try? attributes(reconciledWith: listing)
    var assets: AssetList
    if isFirstOpen {
      // Held nowhere else (taken out of the walk's closure): sorted, paired and flagged in
      // place, while the app holds a listing of at most `provisionalLimit`.
      listed = []
      var all: [Asset] = []
      swap(&all, &read)
      Self.sortNewestFirst(&all)
      var sorted = listing.listing(ofImages: consume all)
      if let flags, !flags.favorites.isEmpty || !flags.hidden.isEmpty {
        for position in sorted.indices { sorted[position] = flags.apply(to: sorted[position]) }
      }
      assets = AssetList(consume sorted)
    } else {
      // Built in chunks as the rows come: no array of the whole listing is grown (by
      // doubling) or copied.
      var built = AssetList.Builder()
      do {
        try listing.forEach { asset in
          built.append(flags?.apply(to: asset) ?? asset)
          return true
        }
      } catch {
        return nil
      }
      assets = built.list
    }
    let scan = FolderScan(
      assets: assets, problems: listing.report.problems, skipped: listing.report.skipped)
    listing.index.rememberListing(scan.assets.prefix(LibraryIndex.listingLength).lazy.map { $0.id })
    // What the folders' reads and records allocated on the pool's threads is freed by now.
    POSIX.releaseFreedMemory()
    return (scan, baseline, found, flags)
  }
}
