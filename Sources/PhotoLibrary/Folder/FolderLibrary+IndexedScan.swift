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
  /// the folder is recorded: while the kept listing is provisional, the images read so far
  /// are its listing (``ProvisionalListings``), so that the app's grid fills in as they are
  /// read, and the final listing is made from them (``IndexedListing/listing(ofImages:)``).
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
    // A first open's images so far: the last provisional listing (newest first, shared with
    // the app), and those read since. Each listing is the last one merged with those read
    // since, so that no third array of the library is made while the app holds the last one.
    var listed: [Asset] = []
    var unlisted: [Asset] = []
    var listings = ProvisionalListings(of: self, limit: provisionalLimit)
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
          unlisted += folderImages.lazy.map(flags.apply(to:))
        } else {
          unlisted += folderImages
        }
        var report = ScanProgress(
          filesRead: found, filesFound: max(found, known), isCounting: isFirstOpen)
        if isFirstOpen {
          report.listingUpdated = listings.offer(
            imageCount: listed.count + unlisted.count, isSorted: true, carrying: provisionalFlags
          ) {
            Self.sortNewestFirst(&unlisted)
            listed = Self.mergedNewestFirst(listed, keeping: { _ in true }, unlisted)
            unlisted = []
            return listed
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
    var assets: [Asset]
    if isFirstOpen {
      // Held nowhere else (taken out of the walk's closure): paired, and flagged, in place.
      // The last provisional listing is smaller than what was read since (once listings stop
      // at their limit): its assets join those in place and all are sorted, instead of a third
      // array of the library being merged while the app holds the listing.
      var read: [Asset] = []
      if listed.count <= unlisted.count {
        swap(&read, &unlisted)
        read += listed
        Self.sortNewestFirst(&read)
      } else {
        Self.sortNewestFirst(&unlisted)
        read = Self.mergedNewestFirst(listed, keeping: { _ in true }, unlisted)
      }
      listed = []
      unlisted = []
      assets = listing.listing(ofImages: consume read)
      if let flags, !flags.favorites.isEmpty || !flags.hidden.isEmpty {
        for position in assets.indices { assets[position] = flags.apply(to: assets[position]) }
      }
    } else {
      assets = []
      assets.reserveCapacity(imageCount)
      do {
        try listing.forEach { asset in
          assets.append(flags?.apply(to: asset) ?? asset)
          return true
        }
      } catch {
        return nil
      }
    }
    let scan = FolderScan(
      assets: assets, problems: listing.report.problems, skipped: listing.report.skipped)
    listing.index.rememberListing(scan.assets.prefix(LibraryIndex.listingLength).lazy.map { $0.id })
    // What the folders' reads and records allocated on the pool's threads is freed by now.
    POSIX.releaseFreedMemory()
    return (scan, baseline, found, flags)
  }
}
