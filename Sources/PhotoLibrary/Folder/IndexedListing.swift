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
  /// image.
  static func refresh(
    _ library: FolderLibrary, settledBefore: Int, willList: ((String) -> Void)? = nil,
    folderListed: (_ entries: [FolderEntry], _ isImage: [Bool]) -> Void = { _, _ in }
  ) -> IndexedListing? {
    guard let index = LibraryIndex.open(root: library.root.path, location: library.index) else {
      return nil
    }
    var refresh = Refresh(
      library: library, index: index, settledBefore: settledBefore,
      zoneChanged: index.listingZone() != library.timeZone.identifier)
    var failure: SQLiteError?
    // A first open records every file: its index in listing order is built once, at the end.
    let buildsOrder = (try? index.isEmpty()) == true && (try? index.dropListingOrder()) != nil
    // Each folder is recorded while the next one's new files are read.
    var pending: Refresh.Pending?
    let add = { (folder: String, entries: [FolderEntry], skips: ArraySlice<FolderSkip>) -> Bool in
      do throws(SQLiteError) {
        let next = try refresh.begin(folder: folder, entries: entries, skips: skips)
        if let pending { folderListed(pending.entries, try refresh.finish(pending)) }
        pending = next
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
        folderListed(last.entries, try refresh.finish(last))
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
  /// The refresh's state while the walk goes, folder by folder.
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

    /// A folder compared with its rows, whose new and changed files are being read.
    struct Pending {
      let entries: [FolderEntry]
      let skips: ArraySlice<FolderSkip>
      var facts: [FileFacts?]
      var known: [LibraryIndex.FolderRow?]
      let missing: [Int]
      let gone: [String]
      let reads: ConcurrentMap.Pending<FileFacts>
    }

    /// Compares the folder's files with its rows and starts reading the new and changed ones
    /// on the pool's threads: ``finish(_:)`` records them, so that the caller records one
    /// folder while the next one's files are read.
    mutating func begin(
      folder: String, entries: [FolderEntry], skips: ArraySlice<FolderSkip>
    ) throws(SQLiteError) -> Pending {
      walked.insert(folder)
      var rows = try index.rows(inFolder: folder, expected: entries.count)
      var facts = [FileFacts?](repeating: nil, count: entries.count)
      var known = [LibraryIndex.FolderRow?](repeating: nil, count: entries.count)
      var missing: [Int] = []
      for (offset, entry) in entries.enumerated() {
        guard let row = rows.removeValue(forKey: AssetIDKey(entry.id)),
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
      let gone = rows.keys.map(\.id)
      rows = [:]
      // Each file is opened by its name in the folder (one name for the kernel to look up);
      // the folder stays open until the last read is done.
      let folderPath = library.root.path + (folder.isEmpty ? "" : "/" + folder)
      let directory = missing.isEmpty ? nil : OpenFolder(folderPath)
      let reads = ConcurrentMap.start(missing) { offset in
        let entry = entries[offset]
        guard let directory = directory?.descriptor else { return FileFacts.read(entry.path) }
        let name =
          entry.id.lastIndex(of: "/").map { String(entry.id[entry.id.index(after: $0)...]) }
          ?? entry.id
        return FileFacts.read(name, in: directory, path: entry.path)
      }
      return Pending(
        entries: entries, skips: skips, facts: facts, known: known, missing: missing, gone: gone,
        reads: reads)
    }

    /// Records the new and changed files of `pending` once they are read, and forgets its gone
    /// ones; returns whether each of its entries is an image.
    mutating func finish(_ pending: Pending) throws(SQLiteError) -> [Bool] {
      let entries = pending.entries
      let skips = pending.skips
      let known = pending.known
      let gone = pending.gone
      var facts = pending.facts
      for (offset, read) in zip(pending.missing, pending.reads.wait()) { facts[offset] = read }

      var recorded: [IndexRow] = []
      var columns: [(path: String, created: Double?, identity: Int64?)] = []
      var seen = [Seen](repeating: .other, count: entries.count)
      var movieKeys: Set<String> = []
      var still: Asset?
      var movies: [Asset] = []
      var unreadable: [String] = []
      for (offset, entry) in entries.enumerated() {
        let identity = entry.identity.map { Int64(bitPattern: $0.value) }
        if let row = known[offset], row.isPlainImage, !zoneChanged, row.created != nil,
          row.identity == identity
        {
          seen[offset] = .plainStill(row)
          if still == nil, let fact = row.facts {
            still = library.file(entry, facts: fact).asset(pairedWith: nil)
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
          movieKeys.insert(file.baseKey)
          movies.append(asset)
        } else if still == nil {
          still = asset
        }
        seen[offset] = .image(file)
      }
      // Names of files that are no movie but are named like one: a still of their name is
      // reported (see `LivePhotoPairing`).
      for skip in skips where skip.reason == .notRegularFile && FolderLibrary.isMovieName(skip.id) {
        movieKeys.insert(LivePhotoPairing.File.baseKey(of: skip.id))
      }
      for (offset, fact) in facts.enumerated()
      where fact == .notImage && FolderLibrary.isMovieName(entries[offset].id) {
        movieKeys.insert(LivePhotoPairing.File.baseKey(of: entries[offset].id))
      }
      for offset in entries.indices {
        switch seen[offset] {
        case .plainStill(let row):
          let id = entries[offset].id
          guard !movieKeys.isEmpty, movieKeys.contains(LivePhotoPairing.File.baseKey(of: id)),
            let fact = row.facts
          else { continue }
          var file = library.file(entries[offset], facts: fact)
          file.walkOrder = walkOrder + offset
          candidates.append(file)
        case .image(let file):
          let isStill = file.facts?.mediaType == .image && !file.isAnimated
          if file.isMovie || (isStill && file.facts?.contentIdentifier != nil)
            || (isStill && !movieKeys.isEmpty && movieKeys.contains(file.baseKey))
          {
            candidates.append(file)
          }
        case .other:
          continue
        }
      }
      if still != nil || !movies.isEmpty { representatives.append((still, movies)) }
      walkOrder += entries.count
      try index.update(recorded, of: entries, columns: columns, forgetting: gone + unreadable)
      return seen.map { if case .other = $0 { false } else { true } }
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
