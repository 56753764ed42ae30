/// When a first scan of an observed library hands the app a provisional listing of the images
/// it has read so far (see ``FolderLibrary/observe(detection:baselineProgress:notice:_:)``),
/// and the keeping of each: what the Photos app's grid does while iOS imports a library, the
/// photos appearing as they are read.
///
/// The first comes once about a screenful is read (or ``FolderLibrary/provisionalInterval``
/// has passed); each later one waits ``FolderLibrary/listingCostFactor`` times what the last
/// one cost at least, so that a large library's listings (each a sort of every image read so
/// far, then the app's index of it) take a bounded share of the scan. One started from the
/// index's remembered first screen waits longer (``FolderLibrary/rememberedScreenInterval``).
/// A scan's listings stop past ``FolderLibrary/provisionalLimit`` images (the app keeps the last
/// one until the final listing); a first open through the index cuts each one to the newest
/// that many instead (`FolderLibrary.indexedScanWithBaseline`).
struct ProvisionalListings {
  private let library: FolderLibrary
  /// How many images a listing may hold (``FolderLibrary/provisionalLimit``).
  private let limit: Int
  /// How long a listing waits after the previous one at least, besides the rules above (a
  /// first open through the index waits longer once its listings are full).
  var minimumInterval = Duration.zero
  private let clock = ContinuousClock()
  private var lastListing: ContinuousClock.Instant
  private var listingCost = Duration.zero
  private var listed = false
  private let fromRemembered: Bool

  init(of library: FolderLibrary, limit: Int = FolderLibrary.provisionalLimit) {
    self.library = library
    self.limit = limit
    lastListing = clock.now
    fromRemembered = library.snapshot.startedFromRemembered
  }

  /// Keeps the listing `assets` makes of the `imageCount` images read so far, when one is due
  /// and the library's kept listing is still provisional; returns whether it was kept (the
  /// report's ``ScanProgress/listingUpdated``). `assets` is only called when one is due;
  /// `isSorted` says it gives them newest first, `carrying` whose favourite and hidden flags
  /// they carry (then the app's read makes no copy of them to set those).
  mutating func offer(
    imageCount: Int, isSorted: Bool = false, carrying flags: LibraryAttributes? = nil,
    _ assets: () -> [Asset]
  ) -> Bool {
    let now = clock.now
    let spacing = listingCost * FolderLibrary.listingCostFactor
    let isDue =
      if fromRemembered {
        now - lastListing >= max(FolderLibrary.rememberedScreenInterval, spacing)
      } else {
        now - lastListing >= max(FolderLibrary.provisionalInterval, spacing, minimumInterval)
          || (!listed && imageCount >= FolderLibrary.provisionalFirstBatch)
      }
    guard imageCount > 0, imageCount <= limit, isDue, library.snapshot.isProvisional else {
      return false
    }
    var listing = assets()
    if !listed && !fromRemembered {
      // The first screen, remembered before the app hears of it (its files' rows are
      // recorded): a launch closed before its scan ends leaves it to the next one.
      if !isSorted { FolderLibrary.sortNewestFirst(&listing) }
      LibraryIndex.open(root: library.root.path, location: library.index)?.rememberListing(
        listing.prefix(LibraryIndex.listingLength).lazy.map(\.id))
    }
    let kept = library.snapshot.keepProvisional(
      consume listing, isSorted: isSorted || (!listed && !fromRemembered), carrying: flags)
    lastListing = clock.now
    listingCost = lastListing - now
    listed = true
    return kept
  }
}
