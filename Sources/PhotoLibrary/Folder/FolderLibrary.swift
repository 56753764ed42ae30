import FileSystem
import Foundation
import ImageDecoding

/// A folder of images standing in for the device's photo library.
///
/// Mirrors what `PHAsset.fetchAssets(with:)` and `PHAssetCollection` give an app, over a
/// folder: every image below `root` (any format of `ImageFormatRegistry`, by its first bytes)
/// is an ``Asset`` whose id is its path relative to the root; subfolders are albums and folders
/// of albums (``UserCollection``). Files are recognized by their magic bytes; hidden entries
/// are skipped; symbolic links to files and folders inside the root are followed under their
/// own path, never out of the root and never into a loop (see `docs/03-folder-library.md`). Every command that lists a
/// library (`assets`, `browse`, `thumbs`, the picker) goes through ``scan()``. Nothing here
/// checks permissions: the authorization model filters what an app may see.
public struct FolderLibrary: Sendable {
  /// The library folder.
  public let root: URL
  /// The zone EXIF dates (which carry none) are read in; the machine's by default.
  public var timeZone: TimeZone
  /// Where the library's favourites and hidden assets are kept; nil: none are (every asset
  /// is neither).
  public var attributesStore: LibraryAttributesStore?
  /// Where the per-file index is kept; the XDG cache by default.
  public var index: LibraryIndexLocation
  /// The root every listed asset refers to (one per library value, not one URL per asset).
  let assetRoot: AssetRoot
  /// The last scan, reused while the library is observed (shared by copies of this value).
  let snapshot = ScanSnapshot()

  public init(
    root: URL, timeZone: TimeZone = .current, attributesStore: LibraryAttributesStore? = nil,
    index: LibraryIndexLocation = .cache
  ) {
    self.root = root.standardizedFileURL
    self.timeZone = timeZone
    self.attributesStore = attributesStore
    self.index = index
    self.assetRoot = AssetRoot(url: self.root)
  }

  /// Walks the folder and reads each image's header, or takes it from the index when the
  /// file did not change since it was read (see ``LibraryIndexLocation``), then joins each
  /// Live Photo's still and movie into one asset.
  ///
  /// An image whose header cannot be read (corrupt, truncated, unsupported) is still listed,
  /// with a 0×0 size and its mtime as creation date, and is also reported in `problems`.
  /// Every other file is accounted for in `skipped`; unreadable entries and links that are not
  /// followed are reported in `problems` too, and so is an index that had to be rebuilt.
  public func scan() -> FolderScan { scan(progress: { _ in }) }

  /// ``scan()``, reporting its progress to `progress` as it goes (on the calling thread): once
  /// the walk is done, then every few files read (see ``ScanProgress``), and once at the end.
  public func scan(progress: (ScanProgress) -> Void) -> FolderScan {
    let generation = snapshot.generation
    var unused: FolderSnapshot?
    let (result, found) = scanFolder(willList: { _ in }, baseline: &unused, progress: progress)
    snapshot.keep(result, startedAt: generation)
    progress(ScanProgress(filesRead: found, filesFound: found, isFinished: true))
    return result
  }

  /// A scan whose walk calls `willList` before listing each folder, and the watcher's
  /// baseline of the same walk (every file's signature and whether it is an image). Made
  /// through the library index when it lists the library already (see
  /// ``indexedScanWithBaseline(willList:progress:)``); otherwise, while the snapshot is
  /// provisional, the listing so far is kept in it as the scan goes. Either way the assets
  /// carry the favourite and hidden flags of the attributes returned.
  func scanWithBaseline(
    willList: (String) -> Void, progress: (ScanProgress) -> Void = { _ in }
  ) -> (FolderScan, FolderSnapshot, filesFound: Int, flags: LibraryAttributes?) {
    if let indexed = indexedScanWithBaseline(willList: willList, progress: progress) {
      return indexed
    }
    var baseline: FolderSnapshot? = FolderSnapshot()
    var (scan, found) = scanFolder(willList: willList, baseline: &baseline, progress: progress)
    baseline?.compact()
    // The listing's one array, taken out of the scan so that its flags are set in place.
    var assets = scan.assets.array
    scan.assets = []
    let flags = applyAttributes(to: &assets)
    scan.assets = AssetList(consume assets)
    return (scan, baseline ?? FolderSnapshot(), found, flags)
  }

  /// How long a provisional listing is kept before a newer one replaces it.
  static let provisionalInterval = Duration.milliseconds(250)
  /// How many images a first provisional listing waits for (about a screenful), unless
  /// ``provisionalInterval`` passes first.
  static let provisionalFirstBatch = 100
  /// How long the index's remembered first screen stands alone before the scan's own
  /// provisional listings join it: a later open of 100,000 files scans in under a second, and
  /// each provisional listing is a copy of every asset read so far (tens of megabytes at once
  /// while the app still holds the previous one).
  static let rememberedScreenInterval = Duration.seconds(2)
  /// How many times its own cost a provisional listing waits after the previous one at least.
  static let listingCostFactor = 8
  /// How many assets a provisional listing holds at most. Through the index, each holds the
  /// newest of the images read so far (the grid shows the newest photos found, the count
  /// fills in on the status line); a scan without an index stops listing past them. A listing
  /// of every image read so far is a copy of the library that the app holds while the next
  /// is made: at a million photos they took the first open to 450 MB.
  static let provisionalLimit = 100_000

  /// The scan itself (see ``scan(progress:)``), and how many files the walk found.
  private func scanFolder(
    willList: (String) -> Void, baseline: inout FolderSnapshot?, progress: (ScanProgress) -> Void
  ) -> (FolderScan, filesFound: Int) {
    var listings = ProvisionalListings(of: self)
    var filesFound = 0
    let scan = scanFolder(
      willList: willList, baseline: &baseline,
      onRead: { read, found, images in
        filesFound = found
        var report = ScanProgress(filesRead: read, filesFound: found)
        report.listingUpdated = listings.offer(imageCount: images.count) {
          images.map { $0.asset(pairedWith: nil) }
        }
        progress(report)
      })
    return (scan, filesFound)
  }

  private func scanFolder(
    willList: (String) -> Void, baseline: inout FolderSnapshot?,
    onRead: (_ read: Int, _ found: Int, _ images: [LivePhotoPairing.File]) -> Void
  ) -> FolderScan {
    let walk = FolderWalker(root: root).walk(willList: willList)
    baseline?.followsLinks = walk.followsLinks
    // Handed over: the walk's entries are freed once read, before the pairing's lists exist.
    let scan = scanFolder(consume walk, in: nil, baseline: &baseline, onRead: onRead)
    if scan.rootError == nil {
      LibraryIndex.open(root: root.path, location: index)?.rememberListing(
        scan.assets.prefix(LibraryIndex.listingLength).lazy.map(\.id))
    }
    return scan
  }

  /// The scan of the files of `walk`, the whole library's or (with `regions`) those of the
  /// folders it looked at again.
  func scanFolder(
    _ walk: consuming FolderWalk, in regions: [LibraryRegion]?, baseline: inout FolderSnapshot?,
    onRead: (_ read: Int, _ found: Int, _ images: [LivePhotoPairing.File]) -> Void = { _, _, _ in }
  ) -> FolderScan {
    var found = files(consume walk, in: regions, baseline: &baseline, onRead: onRead)
    var skipped = found.skipped
    var problems = found.problems
    for (id, reason) in found.others {
      if let reason {
        let detail = "cannot be read: \(reason)"
        skipped.append(
          SkippedFile(path: id, url: url(of: id), reason: .unreadable, detail: detail))
        problems.append(problem(id, detail))
      } else {
        skipped.append(
          SkippedFile(
            path: id, url: url(of: id), reason: .notAnImage,
            detail: "not an image (by its first bytes)"))
      }
    }
    let notMovies = skipped.filter { $0.reason == .notAnImage && Self.isMovieName($0.path) }
    let headerProblems = found.images.compactMap { file in
      file.failure.map { problem(file.id, "the image header cannot be read: \($0)") }
    }
    var joined: (assets: [Asset], problems: [ScanProblem])
    do {
      // The files' only holder, gone with this scope: the sort's buffer below does not join
      // them at the scan's peak.
      let images = found.images
      found.images = []
      joined = LivePhotoPairing.assets(
        of: images,
        unreadableMovies: notMovies.map { ($0.path, $0.url, "not a movie (by its first bytes)") })
    }
    Self.sortNewestFirst(&joined.assets)
    return FolderScan(
      assets: AssetList(joined.assets), problems: problems + headerProblems + joined.problems,
      skipped: skipped, rootError: found.rootError)
  }

  /// Whether a file's name says it is a movie (`.mov`, `.mp4`, `.m4v`, as `pathExtension` reads
  /// it): a still of its name is a Live Photo candidate, or is reported when the file is no
  /// movie. Read from the last five bytes: a refresh asks it of every file.
  static func isMovieName(_ path: String) -> Bool {
    var tail: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0)
    var count = 0
    for byte in path.utf8.reversed() {
      tail = (byte, tail.0, tail.1, tail.2, tail.3)
      count += 1
      if count == 5 { break }
    }
    // "x.mov": a name before the dot (a name starting with a dot has no extension).
    guard count == 5, tail.1 == UInt8(ascii: "."), tail.0 != UInt8(ascii: "/") else {
      return false
    }
    let lower = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    let (a, b, c) = (lower(tail.2), lower(tail.3), lower(tail.4))
    return (a, b, c) == (UInt8(ascii: "m"), UInt8(ascii: "o"), UInt8(ascii: "v"))
      || (a, b, c) == (UInt8(ascii: "m"), UInt8(ascii: "p"), UInt8(ascii: "4"))
      || (a, b, c) == (UInt8(ascii: "m"), UInt8(ascii: "4"), UInt8(ascii: "v"))
  }

  /// The files of `walk` (of the library, or of `regions` of it) with what reading each gave
  /// (from the index when unchanged), in walk order: the scan's first half. `images` are the
  /// pairing's view of each image file; `others` the ids of the other files with why they could not be read (nil: not an image).
  /// Walk problems come first, then an index notice. Each file's full facts are turned into
  /// these as soon as they are known, so no list of them is ever held.
  /// With a `baseline`, also records each file's signature and whether it is an image.
  /// `onRead` hears how many files were read, of how many, and the images read so far: once
  /// the walk is done, then every ``ScanProgress/interval(filesFound:)`` files.
  func files(
    _ walk: consuming FolderWalk, in regions: [LibraryRegion]?, baseline: inout FolderSnapshot?,
    onRead: (_ read: Int, _ found: Int, _ images: [LivePhotoPairing.File]) -> Void = { _, _, _ in }
  ) -> (
    images: [LivePhotoPairing.File], others: [(id: String, unreadable: String?)],
    skipped: [SkippedFile], problems: [ScanProblem], rootError: LibraryError?
  ) {
    if let error = walk.rootError {
      let problem = problem(".", "the library folder cannot be opened: \(error.reason)")
      let rootError = LibraryError(.io, path: root.path, reason: problem.reason)
      return ([], [], [], [problem], rootError)
    }
    let skipped = walk.skipped.map { skip in
      SkippedFile(
        path: skip.id, url: url(of: skip.id), reason: SkippedFile.Reason(skip.reason),
        detail: skip.detail, count: skip.count)
    }
    var problems = walk.skipped.filter { $0.reason != .notRegularFile }.map { skip in
      problem(skip.id, skip.detail)
    }
    let entries = walk.files
    walk.files = []
    var images: [LivePhotoPairing.File] = []
    images.reserveCapacity(entries.count)
    var others: [(order: Int, id: String, unreadable: String?)] = []
    let interval = ScanProgress.interval(filesFound: entries.count)
    var read = 0
    onRead(0, entries.count, images)
    let (_, notice) = LibraryIndex.facts(
      for: entries, in: regions, root: root.path, location: index,
      read: { FileFacts.read($0.path) },
      keep: { offset, facts in
        defer {
          read += 1
          if read % interval == 0 { onRead(read, entries.count, images) }
        }
        baseline?[entries[offset].id] = FolderSnapshot.Item(
          signature: entries[offset].signature, isImage: facts.isImage)
        switch facts {
        case .image, .unreadableHeader:
          var image = file(entries[offset], facts: facts)
          image.walkOrder = offset
          images.append(image)
        case .notImage: others.append((offset, entries[offset].id, nil))
        case .unreadable(let reason): others.append((offset, entries[offset].id, reason))
        }
      })
    // The index answers in its own order (most often the walk's: then nothing moves).
    if !images.indices.dropFirst().allSatisfy({ images[$0 - 1].walkOrder < images[$0].walkOrder }) {
      images.sort { $0.walkOrder < $1.walkOrder }
    }
    others.sort { $0.order < $1.order }
    if let notice { problems.append(problem(".", notice)) }
    return (images, others.map { ($0.id, $0.unreadable) }, skipped, problems, nil)
  }

  /// Every album's path (see ``FolderScan/albums``).
  public func albums() -> [String] { scan().albums }

  /// The images of the album or folder `album` (nil: those directly in the root), newest first.
  public func assets(inAlbum album: String?) -> [Asset] { scan().assets(inAlbum: album) }

  /// Newest first; equal dates in id order, so that every scan gives the same order.
  ///
  /// What is sorted is a key per asset, its date, the first 16 bytes of its id and its
  /// position; ids are compared whole, read in place, only where those tie. The assets are then
  /// moved to their places in place. Sorting the assets themselves copied one (counting its
  /// id's and location's references) at every step: 3.6 s for a million assets of one date,
  /// 1.1 s this way.
  static func sortNewestFirst(_ assets: inout [Asset]) {
    guard assets.count > 1 else { return }
    var order = assets.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      var keys = buffer.indices.map { position in
        ListingKey(base[position], position)
      }
      keys.sort { lhs, rhs in
        if lhs.date != rhs.date { return lhs.date > rhs.date }
        if lhs.head != rhs.head { return lhs.head < rhs.head }
        if lhs.next != rhs.next { return lhs.next < rhs.next }
        return Asset.idOrder(base[lhs.position], base[rhs.position]) < 0
      }
      return keys.map(\.position)
    }
    // Each cycle of the permutation is followed once: `order[j]` is the position the asset
    // at `j` comes from, set to `j` once it is there.
    assets.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      for start in order.indices where order[start] != start {
        let held = (base + start).move()
        var position = start
        while order[position] != start {
          let from = order[position]
          (base + position).moveInitialize(from: base + from, count: 1)
          order[position] = position
          position = from
        }
        (base + position).initialize(to: held)
        order[position] = position
      }
    }
  }

  /// An asset's place in ``sortNewestFirst(_:)``: its date, then its id's first 16 UTF-8
  /// bytes as two big-endian numbers (zero past its end), which order as the bytes do.
  private struct ListingKey {
    var date: Date
    var head: UInt64 = 0
    var next: UInt64 = 0
    var position: Int

    init(_ asset: Asset, _ position: Int) {
      self.date = asset.creationDate
      self.position = position
      var head: UInt64 = 0
      var next: UInt64 = 0
      asset.withIDBytes { prefix, name in
        var count: UInt64 = 0
        func take(_ part: UnsafeBufferPointer<UInt8>) {
          for byte in part where count < 16 {
            if count < 8 {
              head |= UInt64(byte) << (56 - 8 * count)
            } else {
              next |= UInt64(byte) << (56 - 8 * (count - 8))
            }
            count += 1
          }
        }
        take(prefix)
        take(name)
      }
      self.head = head
      self.next = next
    }
  }

  /// Whether `lhs` comes before `rhs` in a listing: newer, or as new with a smaller id.
  static func isListedBefore(_ lhs: Asset, _ rhs: Asset) -> Bool {
    if lhs.creationDate != rhs.creationDate { return lhs.creationDate > rhs.creationDate }
    return Asset.idOrder(lhs, rhs) < 0
  }

  /// Whether the id `lhs` comes before `rhs` by their UTF-8 bytes: the order SQLite's index
  /// gives the listing (`BINARY`), so that a listing read from the index and one sorted here
  /// agree; Swift's own `<` differs for names in decomposed Unicode (as macOS writes them).
  static func idPrecedes(_ lhs: String, _ rhs: String) -> Bool { byteOrder(lhs, rhs) < 0 }

  /// The order of `lhs` and `rhs` by their UTF-8 bytes: negative, zero or positive.
  static func byteOrder(_ lhs: String, _ rhs: String) -> Int {
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { left in
      rhs.withUTF8 { right in
        let common = min(left.count, right.count)
        if common > 0, let a = left.baseAddress, let b = right.baseAddress {
          let order = memcmp(a, b, common)
          if order != 0 { return order < 0 ? -1 : 1 }
        }
        return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
      }
    }
  }

  /// The asset for a file known to be an image, and why its header could not be read.
  func makeAsset(_ entry: FolderEntry) -> (Asset, String?) {
    let file = file(entry, facts: FileFacts.read(entry.path))
    return (file.asset(pairedWith: nil), file.failure)
  }

  /// One image file's facts for pairing: what its header (and XMP packet) say, or why they
  /// could not be read.
  func file(_ entry: FolderEntry, facts: FileFacts) -> LivePhotoPairing.File {
    var file = LivePhotoPairing.File(
      id: entry.id, root: assetRoot, modificationDate: entry.signature.modificationDate)
    file.identity = entry.identity.map(AssetFileIdentity.init)
    switch facts {
    case .image(let info):
      file.facts = AssetFacts(info: info, xmp: info.xmp, timeZone: timeZone)
    case .unreadableHeader(let reason):
      file.failure = reason
      let format = try? ImageSniffer.format(ofFileAt: entry.path)
      file.isMovieFormat = format == .quickTime || format == .mpeg4
    case .notImage, .unreadable:
      file.failure = "not an image"
    }
    return file
  }

  /// The absolute location of the entry `id` ("." for the root).
  func url(of id: String) -> URL {
    id == "." ? root : root.appendingPathComponent(id, isDirectory: false)
  }

  func problem(_ id: String, _ reason: String) -> ScanProblem {
    ScanProblem(path: id, url: url(of: id), reason: reason)
  }
}

extension SkippedFile.Reason {
  /// The library's name for why the walk skipped an entry.
  init(_ reason: FolderSkip.Reason) {
    self =
      switch reason {
      case .unreadable: .unreadable
      case .danglingLink: .danglingLink
      case .linkOutsideRoot: .linkOutsideLibrary
      case .linkLoop: .linkLoop
      case .notRegularFile: .notAnImage
      }
  }
}
