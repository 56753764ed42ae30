import FileSystem
import Foundation

extension FolderLibrary {
  /// The scan and the watcher's baseline of ``scanWithBaseline(willList:progress:)``, made
  /// through the library index: the walk goes one folder at a time and brings that folder's
  /// rows up to date (see ``IndexedListing``). What is held is the listing being built and the
  /// baseline: never every file's walk entry and pairing facts at once, which at a million
  /// files were three times the listing itself.
  ///
  /// The listing is then read from the index in listing order, on a first open (the index
  /// lists nothing yet, and every image is read and recorded) as on a later one. While the kept
  /// listing is provisional, a first open keeps each folder's images as it records them until
  /// the next provisional listing: the newest of the images read so far, at most
  /// `provisionalLimit` (``ProvisionalListings``), so that the app's grid fills in as they are
  /// read.
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
    // Kept on disk beside the index, each folder once the walk has moved on from it: the
    // baseline of a million files is then never all in memory.
    baseline.spillFile = FolderSnapshot.spillFile(beside: index)
    var lastFolder: String?
    var found = 0
    var reported = 0
    let interval = ScanProgress.interval(filesFound: known)
    // While the app's listing is provisional, a first open's images read since its last
    // provisional listing, in walk order, and that listing: the newest `provisionalLimit` of the
    // images read until then, newest first (shared with the app). Each listing is the last one
    // merged with the images read since, cut to the limit: the app's grid shows the newest
    // photos found so far, and neither it nor the scan holds a copy of the library.
    let offersListings = isFirstOpen && snapshot.isProvisional
    var fresh: [Asset] = []
    var imagesRead = 0
    var listed: [Asset] = []
    // Listings go on to the end: each is cut to the limit here.
    var listings = ProvisionalListings(of: self, limit: .max)
    // The stored favourite and hidden flags, set on each image as it is read, so that the app's
    // read of a listing makes no copy of it to set them; nil once some image needs its marks
    // reconciled with its file first (the app's read does that), or when none are kept.
    var provisionalFlags = isFirstOpen ? try? attributesStore?.load() : nil
    progress(ScanProgress(filesRead: 0, filesFound: known, isCounting: isFirstOpen))
    var refreshed = withoutActuallyEscaping(willList) { willList in
      IndexedListing.refresh(
        self, settledBefore: Int(time(nil)) - 2, willList: willList,
        collectingImages: offersListings
      ) { entries, isImage, folderImages in
        // One folder's files (or a part of them) at a time.
        if let first = entries.first {
          let folder = FolderSnapshot.split(first.id).folder
          if let last = lastFolder, last != folder { baseline.compact(folder: last) }
          lastFolder = folder
        }
        for (entry, isImage) in zip(entries, isImage) {
          baseline[entry.id] = FolderSnapshot.Item(signature: entry.signature, isImage: isImage)
        }
        found += entries.count
        if let flags = provisionalFlags, flags.needsReconciling(folderImages) {
          provisionalFlags = nil
        }
        if let flags = provisionalFlags, !flags.favorites.isEmpty || !flags.hidden.isEmpty {
          fresh += folderImages.lazy.map(flags.apply(to:))
        } else {
          fresh += folderImages
        }
        imagesRead += folderImages.count
        var report = ScanProgress(
          filesRead: found, filesFound: max(found, known), isCounting: isFirstOpen)
        if offersListings {
          report.listingUpdated = listings.offer(
            imageCount: imagesRead, isSorted: true, carrying: provisionalFlags
          ) {
            var newer: [Asset] = []
            swap(&newer, &fresh)
            Self.sortNewestFirst(&newer)
            let merged = Self.mergedNewestFirst(AssetList(listed), keeping: { _ in true }, newer)
            listed =
              merged.count > provisionalLimit
              ? Array(merged.prefix(provisionalLimit)) : merged.array
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
    guard var listing = refreshed else { return nil }
    refreshed = nil  // the one copy: its pairing facts are dropped below
    baseline.followsLinks = listing.followsLinks
    baseline.compact()
    // Unreadable attributes are reported by the app's first read, which applies them then.
    let flags = try? attributes(reconciledWith: listing)
    // Read from the index in listing order, on a first open as on a later one, and built in
    // chunks as the rows come: no array of the whole library is kept while the folders are
    // read, grown by doubling, sorted or copied (a first open of a million photos held the
    // listing three times over at its end, and took no less time).
    listed = []
    fresh = []
    // The pairing's facts by id only spare decoding their rows again: dropped before the
    // listing is built, so that the two are not held at once (a few MB at a million files).
    listing.candidateFiles = [:]
    var built = AssetList.Builder()
    do {
      try listing.forEach { asset in
        built.append(flags?.apply(to: asset) ?? asset)
        return true
      }
    } catch {
      return nil
    }
    let assets = built.list
    let scan = FolderScan(
      assets: assets, problems: listing.report.problems, skipped: listing.report.skipped)
    listing.index.rememberListing(scan.assets.prefix(LibraryIndex.listingLength).lazy.map { $0.id })
    // What the folders' reads and records allocated on the pool's threads is freed by now.
    POSIX.releaseFreedMemory()
    return (scan, baseline, found, flags)
  }
}
