import Foundation

/// What one scan of a ``FolderLibrary`` found: the assets, newest first, the entries that
/// could not be read, and every file that is not shown with the reason.
public struct FolderScan: Sendable, Equatable {
  /// Every image, newest first (ties in creation date broken by id, so the order is stable).
  public var assets: AssetList
  /// Entries that went wrong: skipped because unreadable or a link not followed, or listed
  /// but only partly read (an image whose header cannot be read). In walk order; never fatal.
  public var problems: [ScanProblem]
  /// Every entry that is not an asset (hidden names aside), with the reason, in walk order.
  public var skipped: [SkippedFile]
  /// Set when the library folder itself cannot be read (then nothing is listed).
  public var rootError: LibraryError?
  /// Set on the listing kept while a scan is still running: the assets read so far, newest
  /// first, without Live Photo pairing, problems or skipped files.
  public var isProvisional: Bool

  public init(
    assets: AssetList, problems: [ScanProblem], skipped: [SkippedFile] = [],
    rootError: LibraryError? = nil, isProvisional: Bool = false
  ) {
    self.assets = assets
    self.problems = problems
    self.skipped = skipped
    self.rootError = rootError
    self.isProvisional = isProvisional
  }

  /// How many entries were skipped for each reason, in the order of ``SkippedFile/Reason``;
  /// reasons with none are left out.
  public var skippedCounts: [(reason: SkippedFile.Reason, count: Int)] {
    SkippedFile.Reason.allCases.compactMap { reason in
      let count = skipped.filter { $0.reason == reason }.reduce(0) { $0 + $1.count }
      return count == 0 ? nil : (reason, count)
    }
  }

  /// "3 skipped: 2 not images, 1 unreadable", or nil when nothing was skipped. The gallery's
  /// status line and the CLI summaries print this.
  public var skippedSummary: String? {
    let counts = skippedCounts
    if counts.isEmpty { return nil }
    let total = counts.reduce(0) { $0 + $1.count }
    return "\(total) skipped: " + counts.map { $0.reason.counted($0.count) }.joined(separator: ", ")
  }

  /// Every album's path, depth first in name order (see ``UserCollection``): subfolders that
  /// hold an image directly or hold no subfolder with images.
  public var albums: [String] {
    UserCollection.albums(in: UserCollection.tree(of: assets))
  }

  /// The assets of the album or folder at `album` (images anywhere below it), newest first;
  /// nil selects the images directly in the library root.
  public func assets(inAlbum album: String?) -> [Asset] {
    guard let album else { return assets.filter { $0.folderPath == nil } }
    return assets.filter { $0.isInside(album) }
  }

  /// The asset with this id, if the scan found it.
  public func asset(withID id: String) -> Asset? {
    assets.first { $0.id == id }
  }
}

/// An entry of the library folder that could not be read, or was deliberately not followed.
public struct ScanProblem: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// The entry's path relative to the library root ("." for the root itself).
  public var path: String
  /// The entry's absolute location.
  public var url: URL
  /// A readable reason, without the path.
  public var reason: String

  public init(path: String, url: URL, reason: String) {
    self.path = path
    self.url = url
    self.reason = reason
  }

  /// `path: reason`, with the absolute path so that the user can find the file.
  public var description: String { "\(url.path): \(reason)" }
}
