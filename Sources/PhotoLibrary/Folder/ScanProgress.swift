/// How far a scan of a ``FolderLibrary`` has got: the files read so far (their header, or
/// their facts from the index) out of the files the walk found.
///
/// What the Photos app's "Updating library…" progress shows while iOS imports a library. A
/// scan walks first, so ``filesFound`` is known from its first report on; a first open
/// through the library index reads each folder as the walk lists it, and counts the files
/// found so far (``isCounting``).
public struct ScanProgress: Sendable, Equatable {
  /// The files read so far.
  public var filesRead: Int
  /// The files the walk found (images and others).
  public var filesFound: Int
  /// Whether the kept provisional listing (see ``FolderLibrary/observe(detection:baselineProgress:_:)``)
  /// was refreshed with this report.
  public var listingUpdated: Bool
  /// Whether the scan is over: its final listing is made (and kept, when observed).
  public var isFinished: Bool
  /// Whether the walk is still going: ``filesFound`` counts the files found so far, not every
  /// file of the library.
  public var isCounting: Bool

  public init(
    filesRead: Int, filesFound: Int, listingUpdated: Bool = false, isFinished: Bool = false,
    isCounting: Bool = false
  ) {
    self.filesRead = filesRead
    self.filesFound = filesFound
    self.listingUpdated = listingUpdated
    self.isFinished = isFinished
    self.isCounting = isCounting
  }

  /// How many files are read between two reports (at most): a small library reports every
  /// file, a large one every thousand.
  static func interval(filesFound: Int) -> Int { max(1, min(1000, filesFound / 20)) }
}
