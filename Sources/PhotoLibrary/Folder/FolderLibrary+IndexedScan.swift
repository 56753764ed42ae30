import FileSystem
import Foundation

extension FolderLibrary {
  /// The scan and the watcher's baseline of ``scanWithBaseline(willList:progress:)``, made
  /// through the library index when it lists the library already (a later open): the walk
  /// goes one folder at a time and brings that folder's rows up to date (see
  /// ``IndexedListing``), and the listing is then read from the index in listing order. What
  /// is held is the listing being built and the baseline: never every file's walk entry and
  /// pairing facts at once, which at a million files were three times the listing itself.
  /// The assets carry the favourite and hidden flags of `flags`, the library's attributes
  /// brought up to date with the listing, so that no second array of the listing is made to
  /// apply them. Nil when there is no index, it lists nothing yet (a first open, whose scan
  /// reads every file and shows the listing so far as it goes), or it fails: the caller then
  /// scans.
  func indexedScanWithBaseline(
    willList: (String) -> Void, progress: (ScanProgress) -> Void
  ) -> (FolderScan, FolderSnapshot, filesFound: Int, flags: LibraryAttributes?)? {
    guard
      let known = LibraryIndex.open(root: root.path, location: index).flatMap({ try? $0.count() }),
      known > 0
    else { return nil }
    var baseline = FolderSnapshot()
    var found = 0
    var images = 0
    var reported = 0
    let interval = ScanProgress.interval(filesFound: known)
    progress(ScanProgress(filesRead: 0, filesFound: known))
    let refreshed = withoutActuallyEscaping(willList) { willList in
      IndexedListing.refresh(self, settledBefore: Int(time(nil)) - 2, willList: willList) {
        entries, isImage in
        for (entry, isImage) in zip(entries, isImage) {
          baseline[entry.id] = FolderSnapshot.Item(signature: entry.signature, isImage: isImage)
          if isImage { images += 1 }
        }
        found += entries.count
        if found - reported >= interval {
          reported = found
          progress(ScanProgress(filesRead: found, filesFound: max(found, known)))
        }
      }
    }
    guard let listing = refreshed else { return nil }
    baseline.followsLinks = listing.followsLinks
    // Unreadable attributes are reported by the app's first read, which applies them then.
    let flags = try? attributes(reconciledWith: listing)
    var assets: [Asset] = []
    assets.reserveCapacity(images)
    do {
      try listing.forEach { asset in
        assets.append(flags?.apply(to: asset) ?? asset)
        return true
      }
    } catch {
      return nil
    }
    let scan = FolderScan(
      assets: assets, problems: listing.report.problems, skipped: listing.report.skipped)
    listing.index.rememberListing(scan.assets.prefix(LibraryIndex.listingLength).lazy.map { $0.id })
    return (scan, baseline, found, flags)
  }
}
