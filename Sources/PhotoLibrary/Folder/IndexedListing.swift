import FileSystem
import Foundation

/// The library's listing served from its index, one asset at a time in listing order: what
/// `PHAsset.fetchAssets(with:)` gives an app, over a library too large to hold as a list.
///
/// ``refresh(_:)`` walks the folder one folder at a time and compares each folder's files with
/// the index's rows of that folder (`SELECT … WHERE folder = ?`): new and changed files are
/// read and recorded, gone ones forgotten, and each image's creation date as listed is kept in
/// the index's `created` column. ``forEach(_:)`` then reads the rows newest first through the
/// index on that column. What is held is one folder's files at a time, the Live Photo pairing
/// (only its candidates: movies, and stills that carry Apple's identifier or share a movie's
/// name) and the files that are not shown; never the assets. Its order and its assets are
/// those of ``FolderLibrary/scan()``.
public struct IndexedListing {
  let library: FolderLibrary
  let index: LibraryIndex
  /// What the refresh found besides the assets: problems and skipped files, in the order of
  /// ``FolderLibrary/scan()``'s; its `assets` are empty.
  public private(set) var report: FolderScan
  /// Each Live Photo's movie, by its still's id.
  var movieOfStill: [AssetIDKey: String] = [:]
  /// The movies joined to a still (no asset of their own).
  var pairedMovies = AssetIDSet()
  /// The pairing's candidates by id, with their facts: no blob of theirs is decoded again.
  var candidateFiles: [AssetIDKey: LivePhotoPairing.File] = [:]
  /// The lookup of one row by path, compiled once (a limited selection looks up thousands).
  let lookup: SQLiteStatement?
  /// One asset of each folder that holds one: all ``UserCollection/tree(of:)`` needs.
  public private(set) var folderRepresentatives: [Asset] = []
  /// Whether the walk followed a symbolic link (see `FolderWalk`).
  var followsLinks = false

  /// How many files of a folder are read and recorded at once: a folder of a million files is
  /// recorded, and reported, part by part (what a launch closed midway leaves to the next), the
  /// first part as large as a scan's first batch (``LibraryIndex/firstReadBatch``).
  static let chunkLength = LibraryIndex.firstReadBatch

  /// The refreshed listing of `library`; nil when no index can be kept (see
  /// ``LibraryIndexLocation``), when the library folder cannot be read, or when the index fails
  /// midway: the caller then lists with ``FolderLibrary/scan()``, which reports why.
  public static func refresh(_ library: FolderLibrary) -> IndexedListing? {
    refresh(library, settledBefore: Int(time(nil)) - 2)
  }

  /// ``refresh(_:)``, recording as settled the files changed before `settledBefore` (seconds
  /// since 1970, by their ctime; see ``LibraryIndex/facts(for:settledBefore:read:)``).
  ///
  /// With `willList`, the walk calls it before listing each folder (a watcher adds its watch
  /// there) and runs on the calling thread; without, it runs ahead on a thread of its own.
  /// `folderListed` hears each folder's files once they are recorded, with whether each is an
  /// image, and, with `collectingImages`, the folder's images as assets of their own (a Live
  /// Photo's still and movie apart, as a scan's provisional listing has them).
  static func refresh(
    _ library: FolderLibrary, settledBefore: Int, willList: ((String) -> Void)? = nil,
    collectingImages: Bool = false, chunkLength: Int = IndexedListing.chunkLength,
    folderListed: (_ entries: [FolderEntry], _ isImage: [Bool], _ images: [Asset]) -> Void = {
      _, _, _ in
    }
  ) -> IndexedListing? {
    guard let index = LibraryIndex.open(root: library.root.path, location: library.index) else {
      return nil
    }
    var refresh = Refresh(
      library: library, index: index, settledBefore: settledBefore,
      zoneChanged: index.listingZone() != library.timeZone.identifier)
    refresh.collectsImages = collectingImages
    var failure: SQLiteError?
    // A first open records every file: its index in listing order is built once, at the end.
    let buildsOrder = (try? index.isEmpty()) == true && (try? index.dropListingOrder()) != nil
    // Each part of a folder is recorded while the next part's new files are read.
    var pending: Refresh.Pending?
    let add = { (folder: String, entries: [FolderEntry], skips: ArraySlice<FolderSkip>) -> Bool in
      do throws(SQLiteError) {
        var start = 0
        repeat {
          let part = start..<min(entries.count, start + max(1, chunkLength))
          let next = try refresh.begin(folder: folder, entries: entries, part: part, skips: skips)
          if let pending {
            let (isImage, images) = try refresh.finish(pending)
            folderListed(pending.entries, isImage, images)
          }
          pending = next
          start = part.upperBound
        } while start < entries.count
        return true
      } catch {
        failure = error
        return false
      }
    }
    let walker = FolderWalker(root: library.root)
    let walk =
      if let willList { walker.walk(willList: willList, folderListed: add) } else {
        walker.walkAhead(folderListed: add)
      }
    if failure == nil, let last = pending {
      do throws(SQLiteError) {
        let (isImage, images) = try refresh.finish(last)
        folderListed(last.entries, isImage, images)
      } catch {
        failure = error
      }
    }
    pending = nil
    if buildsOrder { try? index.restoreListingOrder() }
    guard walk.rootError == nil, failure == nil else { return nil }
    do {
      try index.forget(folders: index.folders().filter { !refresh.walked.contains($0) })
      if refresh.zoneChanged { try index.setListingZone(library.timeZone.identifier) }
    } catch {
      return nil
    }
    return refresh.listing(walk: walk)
  }

  /// Calls `body` with each asset, newest first (ties in id order), until it returns false.
  /// The rows are read in one read transaction: another process's later writes are not seen.
  public func forEach(_ body: (Asset) throws -> Bool) throws {
    let select = try index.listedRows()
    try index.database.readTransaction {
      while try select.step() {
        guard let id = select.string(0), pairedMovies.isEmpty || !pairedMovies.contains(id),
          let asset = asset(id, row: select)
        else { continue }
        if try !body(asset) { break }
      }
    }
  }

  /// How many assets ``forEach(_:)`` reads: the rows with a creation date but the movies
  /// joined to a still, counted without reading them.
  public func count() throws -> Int { try index.listedCount() - pairedMovies.count }

  /// The asset with this id (compared by bytes), or nil when the library lists none.
  public func asset(withID id: String) -> Asset? {
    guard pairedMovies.isEmpty || !pairedMovies.contains(id), let select = lookup else {
      return nil
    }
    defer { select.reset() }
    select.bind(1, id)
    guard (try? select.step()) == true else { return nil }
    return asset(id, row: select)
  }

  /// The assets of `ids` (those the library lists), in listing order: a few lookups instead of
  /// a pass over every row, for a limited selection.
  public func assets(withIDs ids: some Sequence<String>) -> [Asset] {
    var assets = ids.compactMap(asset(withID:))
    FolderLibrary.sortNewestFirst(&assets)
    return assets
  }

  /// The asset of a row (of ``LibraryIndex/listedColumns``).
  private func asset(_ id: String, row: SQLiteStatement) -> Asset? {
    let signature = LibraryIndex.signature(row, from: 1)
    let identity = row.optionalInt64(15).map { FileIdentity(value: UInt64(bitPattern: $0)) }
    let movie = movieOfStill.isEmpty ? nil : movieOfStill[AssetIDKey(id)]
    if row.int64(8) == FileFacts.Storage.plainImage.rawValue, let created = row.optionalDouble(16) {
      // A plain image is a still with no subtype and no trait, whose creation date is the
      // listing's own column: no header facts to make (what `file(_:facts:)` would give).
      return Asset(
        id: id, root: library.assetRoot, pairedVideo: movie,
        creationDate: Date(timeIntervalSinceReferenceDate: created),
        pixelWidth: Int(row.int64(10)), pixelHeight: Int(row.int64(11)),
        mediaType: .image,
        mediaSubtypes: movie == nil ? [] : .photoLive, duration: 0,
        addedDate: signature.modificationDate, traits: [],
        fileIdentity: identity.map(AssetFileIdentity.init))
    }
    if let file = candidateFiles[AssetIDKey(id)] { return file.asset(pairedWithMovie: movie) }
    guard let facts = LibraryIndex.stored(row, from: 8)?.decoded else { return nil }
    let entry = FolderEntry(
      id: id, root: library.root.path, signature: signature, identity: identity)
    return library.file(entry, facts: facts).asset(pairedWithMovie: movie)
  }
}

extension IndexedListing {
  /// The refresh's state while the walk goes, folder by folder and, within a folder, part by
  /// part (see ``IndexedListing/chunkLength``). ``begin(folder:entries:part:skips:)`` and
  /// ``finish(_:)`` each keep their own state of the folder: a part of the next folder may be
  /// begun before the last part of this one is finished.
  private struct Refresh {
    let library: FolderLibrary
    let index: LibraryIndex
    /// Whether `created` was worked out in another zone: then every row's is again.
    let zoneChanged: Bool
    let settledBefore: Int
    var walked = AssetIDSet()
    /// The Live Photo pairing's candidates, in walk order.
    var candidates: [LivePhotoPairing.File] = []
    /// Files that are no asset, in walk order (nil: not an image; else why unreadable).
    var others: [(id: String, unreadable: String?)] = []
    var headerProblems: [ScanProblem] = []
    /// Per folder holding an image: its first image that is no movie, else its movies' assets.
    var representatives: [(still: Asset?, movies: [Asset])] = []
    var walkOrder = 0
    /// Whether ``finish(_:)`` returns each folder's images as assets.
    var collectsImages = false
    /// The begun folder's rows not yet matched with a file of its parts begun so far.
    private var folderRows: [AssetIDKey: LibraryIndex.FolderRow] = [:]
    /// What ``finish(_:)`` knows of the folder it finishes.
    private var finishing = FinishedFolder()

    init(library: FolderLibrary, index: LibraryIndex, settledBefore: Int, zoneChanged: Bool) {
      self.library = library
      self.index = index
      self.settledBefore = settledBefore
      self.zoneChanged = zoneChanged
    }

    /// What the refresh learned of one file of a folder.
    private enum Seen {
      /// An unchanged plain image whose listing columns are up to date: a still that carries
      /// no identifier, whose facts are made only if a movie of its name is in its folder.
      case plainStill(LibraryIndex.FolderRow)
      /// An image, with what pairing needs.
      case image(LivePhotoPairing.File)
      /// No asset.
      case other
    }

    /// The finished parts of the folder being finished.
    private struct FinishedFolder {
      /// The names (``LivePhotoPairing/File/baseKey``) a still pairs under: those of the
      /// folder's files named like a movie (movies or not: a still of a name that is no movie
      /// is reported), and of the movies its finished parts found by their contents.
      var movieKeys: Set<String> = []
      /// Those of movies whose own name is no movie's: a still of an earlier part with that
      /// name was not taken for a candidate when it was finished (see ``finish(_:)``).
      var movieKeysByContent: Set<String> = []
      /// The ids of the folder's candidates so far.
      var candidates = AssetIDSet()
      var still: Asset?
      var movies: [Asset] = []
      /// Where the folder starts in the walk.
      var walkOrder = 0
    }

    /// A part of a folder compared with its rows, whose new and changed files are being read.
    struct Pending {
      let folder: String
      /// The part's files.
      let entries: [FolderEntry]
      /// The whole folder's files, and the part's place among them.
      let folderEntries: [FolderEntry]
      let part: Range<Int>
      /// The names of the folder's files (and of its skipped entries) that are named like a
      /// movie, by ``LivePhotoPairing/File/baseKey``.
      let movieNameKeys: Set<String>
      var facts: [FileFacts?]
      var known: [LibraryIndex.FolderRow?]
      let missing: [Int]
      /// The folder's rows no file matched: only on its last part.
      let gone: [String]
      let reads: ConcurrentMap.Pending<FileFacts>

      var isFirstPart: Bool { part.lowerBound == 0 }
      var isLastPart: Bool { part.upperBound == folderEntries.count }
    }

    /// Compares the files of `part` of the folder's `entries` with its rows and starts reading
    /// the new and changed ones on the pool's threads: ``finish(_:)`` records them, so that
    /// the caller records one part while the next one's files are read.
    mutating func begin(
      folder: String, entries: [FolderEntry], part: Range<Int>, skips: ArraySlice<FolderSkip>
    ) throws(SQLiteError) -> Pending {
      if part.lowerBound == 0 {
        walked.insert(folder)
        folderRows = try index.rows(inFolder: folder, expected: entries.count)
      }
      let partEntries = Array(entries[part])
      var facts = [FileFacts?](repeating: nil, count: partEntries.count)
      var known = [LibraryIndex.FolderRow?](repeating: nil, count: partEntries.count)
      var missing: [Int] = []
      for (offset, entry) in partEntries.enumerated() {
        guard let row = folderRows.removeValue(forKey: AssetIDKey(entry.id)),
          row.signature == entry.signature
        else {
          missing.append(offset)
          continue
        }
        if row.kind == FileFacts.Storage.blob.rawValue {
          // A blob that no longer decodes is read again.
          guard let decoded = row.facts else {
            missing.append(offset)
            continue
          }
          facts[offset] = decoded
        } else if !row.isPlainImage {
          facts[offset] = row.facts
        }
        known[offset] = row
      }
      let isLast = part.upperBound == entries.count
      let gone = isLast ? folderRows.keys.map(\.id) : []
      if isLast { folderRows = [:] }
      // Each file is opened by its name in the folder (one name for the kernel to look up);
      // the folder stays open until the last read is done.
      let folderPath = library.root.path + (folder.isEmpty ? "" : "/" + folder)
      let directory = missing.isEmpty ? nil : OpenFolder(folderPath)
      let reads = ConcurrentMap.start(missing) { offset in
        let entry = partEntries[offset]
        guard let directory = directory?.descriptor else { return FileFacts.read(entry.path) }
        let name =
          entry.id.lastIndex(of: "/").map { String(entry.id[entry.id.index(after: $0)...]) }
          ?? entry.id
        return FileFacts.read(name, in: directory, path: entry.path)
      }
      // Named like a movie: a movie, or a file that is none, whose still is reported.
      var movieNameKeys: Set<String> = []
      if part.lowerBound == 0 {
        for entry in entries where FolderLibrary.isMovieName(entry.id) {
          movieNameKeys.insert(LivePhotoPairing.File.baseKey(of: entry.id))
        }
        for skip in skips
        where skip.reason == .notRegularFile && FolderLibrary.isMovieName(skip.id) {
          movieNameKeys.insert(LivePhotoPairing.File.baseKey(of: skip.id))
        }
      }
      return Pending(
        folder: folder, entries: partEntries, folderEntries: entries, part: part,
        movieNameKeys: movieNameKeys, facts: facts, known: known, missing: missing, gone: gone,
        reads: reads)
    }

    /// Records the new and changed files of `pending` once they are read, and forgets the
    /// folder's gone ones after its last part; returns whether each of the part's entries is
    /// an image, and its images as assets of their own when ``collectsImages``.
    mutating func finish(_ pending: Pending) throws(SQLiteError) -> (
      isImage: [Bool], images: [Asset]
    ) {
      let entries = pending.entries
      let known = pending.known
      var facts = pending.facts
      for (offset, read) in zip(pending.missing, pending.reads.wait()) { facts[offset] = read }
      if pending.isFirstPart {
        finishing = FinishedFolder()
        finishing.movieKeys = pending.movieNameKeys
        finishing.walkOrder = walkOrder
      }

      var recorded: [IndexRow] = []
      var columns: [(path: String, created: Double?, identity: Int64?)] = []
      var seen = [Seen](repeating: .other, count: entries.count)
      var unreadable: [String] = []
      var images: [Asset] = []
      for (offset, entry) in entries.enumerated() {
        let identity = entry.identity.map { Int64(bitPattern: $0.value) }
        if let row = known[offset], row.isPlainImage, !zoneChanged, row.created != nil,
          row.identity == identity
        {
          seen[offset] = .plainStill(row)
          if finishing.still == nil || collectsImages, let fact = row.facts {
            let asset = library.file(entry, facts: fact).asset(pairedWith: nil)
            if finishing.still == nil { finishing.still = asset }
            if collectsImages { images.append(asset) }
          }
          continue
        }
        guard let fact = facts[offset] ?? known[offset]?.facts else { continue }
        let isFresh = known[offset] == nil
        guard fact.isImage else {
          if case .unreadable(let reason) = fact {
            // Never kept (it is tried again): no earlier row of it may stay listed.
            others.append((entry.id, reason))
            unreadable.append(entry.id)
          } else {
            others.append((entry.id, nil))
            if isFresh, var row = IndexRow(offset: offset, facts: fact) {
              row.isSettled = entry.signature.changeSeconds < settledBefore
              recorded.append(row)
            }
          }
          continue
        }
        var file = library.file(entry, facts: fact)
        file.walkOrder = walkOrder + offset
        let asset = file.asset(pairedWith: nil)
        if collectsImages { images.append(asset) }
        let created = asset.creationDate.timeIntervalSinceReferenceDate
        if let row = known[offset] {
          if zoneChanged || row.created != created || row.identity != identity {
            columns.append((entry.id, created, identity))
          }
        } else if var row = IndexRow(offset: offset, facts: fact) {
          row.created = created
          row.identity = identity
          row.isSettled = entry.signature.changeSeconds < settledBefore
          recorded.append(row)
        }
        if let failure = file.failure {
          headerProblems.append(
            library.problem(entry.id, "the image header cannot be read: \(failure)"))
        }
        if file.isMovie {
          let key = file.baseKey
          if !pending.isFirstPart, !pending.movieNameKeys.contains(key) {
            finishing.movieKeysByContent.insert(key)
          }
          finishing.movieKeys.insert(key)
          finishing.movies.append(asset)
        } else if finishing.still == nil {
          finishing.still = asset
        }
        seen[offset] = .image(file)
      }
      let movieKeys = finishing.movieKeys
      for offset in entries.indices {
        switch seen[offset] {
        case .plainStill(let row):
          let id = entries[offset].id
          guard !movieKeys.isEmpty, movieKeys.contains(LivePhotoPairing.File.baseKey(of: id)),
            let fact = row.facts
          else { continue }
          var file = library.file(entries[offset], facts: fact)
          file.walkOrder = walkOrder + offset
          addCandidate(file)
        case .image(let file):
          if file.isMovie || Self.isCandidateStill(file, movieKeys: movieKeys) {
            addCandidate(file)
          }
        case .other:
          continue
        }
      }
      walkOrder += entries.count
      try index.update(
        recorded, of: entries, columns: columns, forgetting: pending.gone + unreadable)
      if pending.isLastPart {
        if !finishing.movieKeysByContent.isEmpty { try addEarlierStills(of: pending) }
        if finishing.still != nil || !finishing.movies.isEmpty {
          representatives.append((finishing.still, finishing.movies))
        }
        finishing = FinishedFolder()
      }
      return (seen.map { if case .other = $0 { false } else { true } }, images)
    }

    /// Whether `file`, an image, is a still the pairing must see: one that carries Apple's
    /// identifier, or shares its name with a movie of its folder.
    private static func isCandidateStill(
      _ file: LivePhotoPairing.File, movieKeys: Set<String>
    ) -> Bool {
      let isStill = file.facts?.mediaType == .image && !file.isAnimated
      return isStill
        && (file.facts?.contentIdentifier != nil
          || (!movieKeys.isEmpty && movieKeys.contains(file.baseKey)))
    }

    private mutating func addCandidate(_ file: LivePhotoPairing.File) {
      candidates.append(file)
      _ = finishing.candidates.insert(file.id)
    }

    /// Adds the stills of the folder's earlier parts that share their name with a movie found
    /// by its contents in a later part (a movie not named like one): read back from their rows,
    /// which those parts recorded. Rare, so the folder's rows are read again only then.
    private mutating func addEarlierStills(of pending: Pending) throws(SQLiteError) {
      let keys = finishing.movieKeysByContent
      let earlier = pending.folderEntries[..<pending.part.lowerBound]
      let wanted = earlier.indices.filter { offset in
        !finishing.candidates.contains(earlier[offset].id)
          && keys.contains(LivePhotoPairing.File.baseKey(of: earlier[offset].id))
      }
      guard !wanted.isEmpty else { return }
      let rows = try index.rows(inFolder: pending.folder, expected: wanted.count)
      var added = false
      for offset in wanted {
        let entry = pending.folderEntries[offset]
        guard let row = rows[AssetIDKey(entry.id)], let fact = row.facts, fact.isImage else {
          continue
        }
        var file = library.file(entry, facts: fact)
        file.walkOrder = finishing.walkOrder + offset
        guard Self.isCandidateStill(file, movieKeys: keys) else { continue }
        candidates.append(file)
        added = true
      }
      // Back in walk order, which the pairing keeps.
      if added { candidates.sort { $0.walkOrder < $1.walkOrder } }
    }

    /// The listing, once the walk is done: the pairing, and the report in the order of a scan.
    func listing(walk: FolderWalk) -> IndexedListing {
      let skipped =
        walk.skipped.map { skip in
          SkippedFile(
            path: skip.id, url: library.url(of: skip.id), reason: SkippedFile.Reason(skip.reason),
            detail: skip.detail, count: skip.count)
        }
        + others.map { id, reason in
          reason.map {
            SkippedFile(
              path: id, url: library.url(of: id), reason: .unreadable,
              detail: "cannot be read: \($0)")
          }
            ?? SkippedFile(
              path: id, url: library.url(of: id), reason: .notAnImage,
              detail: "not an image (by its first bytes)")
        }
      var problems = walk.skipped.filter { $0.reason != .notRegularFile }.map { skip in
        library.problem(skip.id, skip.detail)
      }
      if let notice = index.notice { problems.append(library.problem(".", notice)) }
      for (id, reason) in others {
        if let reason { problems.append(library.problem(id, "cannot be read: \(reason)")) }
      }
      let notMovies = skipped.filter {
        $0.reason == .notAnImage && FolderLibrary.isMovieName($0.path)
      }
      let joined = LivePhotoPairing.assets(
        of: candidates,
        unreadableMovies: notMovies.map { ($0.path, $0.url, "not a movie (by its first bytes)") })
      var listing = IndexedListing(
        library: library, index: index,
        report: FolderScan(
          assets: [], problems: problems + headerProblems + joined.problems, skipped: skipped),
        lookup: try? index.listedRow())
      var listed = AssetIDSet()
      for asset in joined.assets {
        listed.insert(asset.id)
        if let movie = asset.pairedVideo?.path {
          listing.movieOfStill[AssetIDKey(asset.id)] = movie
        }
      }
      for file in candidates {
        if !listed.contains(file.id) { listing.pairedMovies.insert(file.id) }
        listing.candidateFiles[AssetIDKey(file.id)] = file
      }
      listing.followsLinks = walk.followsLinks
      listing.folderRepresentatives = representatives.compactMap { still, movies in
        still ?? movies.first { !listing.pairedMovies.contains($0.id) }
      }
      return listing
    }
  }
}

/// A folder open for reading its files by name (`openat`), closed when the last holder lets
/// it go: the reads of a folder still running keep it open.
private final class OpenFolder: Sendable {
  /// The descriptor, or nil when the folder cannot be opened (each file is then read by its
  /// path).
  let descriptor: Int32?

  init(_ path: String) {
    let opened = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    descriptor = opened >= 0 ? opened : nil
  }

  deinit { if let descriptor { close(descriptor) } }
}
