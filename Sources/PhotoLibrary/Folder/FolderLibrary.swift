import Foundation
import ImageDecoding

/// A folder of images standing in for the device's photo library.
///
/// Mirrors what `PHAsset.fetchAssets(with:)` and `PHAssetCollection` give an app, over a
/// folder: every image below `root` (any format of `ImageFormatRegistry`, by its first bytes)
/// is an ``Asset`` whose id is its path relative to
/// the root; first-level subfolders are albums. Files are recognized by their magic bytes;
/// hidden entries are skipped; symbolic links never lead out of the root and never loop (see
/// `docs/03-folder-library.md`). Nothing here checks permissions: the authorization model
/// filters what an app may see.
public struct FolderLibrary: Sendable {
  /// The library folder.
  public let root: URL
  /// The zone EXIF dates (which carry none) are read in; the machine's by default.
  public var timeZone: TimeZone

  public init(root: URL, timeZone: TimeZone = .current) {
    self.root = root.standardizedFileURL
    self.timeZone = timeZone
  }

  /// Walks the folder and reads each image's header.
  ///
  /// An image whose header cannot be read (corrupt, truncated, unsupported) is still listed,
  /// with a 0×0 size and its mtime as creation date, and is also reported in `problems`.
  /// Unreadable folders and files, and links that are not followed, are reported too.
  public func scan() -> FolderScan {
    let walk = FolderWalker(root: root).walk()
    // Headers are read in parallel: on a cold cache the scan waits on the disk, not the CPU.
    let outcomes = ConcurrentMap.map(walk.files) { entry -> (Asset?, ScanProblem?) in
      switch ImageSniffer.sniff(entry.path) {
      case .notImage:
        return (nil, nil)
      case .unreadable(let reason):
        return (nil, problem(entry, "cannot be read: \(reason)"))
      case .image:
        let (asset, failure) = makeAsset(entry)
        return (asset, failure.map { problem(entry, $0) })
      }
    }
    let assets = outcomes.compactMap(\.0)
    let problems = walk.problems + outcomes.compactMap(\.1)
    return FolderScan(assets: Self.sortedNewestFirst(assets), problems: problems)
  }

  /// The first-level subfolders that hold at least one image, sorted by name.
  public func albums() -> [String] { scan().albums }

  /// The images of `album` (nil: those directly in the root), newest first.
  public func assets(inAlbum album: String?) -> [Asset] { scan().assets(inAlbum: album) }

  /// Newest first; equal dates in id order, so that every scan gives the same order.
  static func sortedNewestFirst(_ assets: [Asset]) -> [Asset] {
    assets.sorted { lhs, rhs in
      if lhs.creationDate != rhs.creationDate { return lhs.creationDate > rhs.creationDate }
      return lhs.id < rhs.id
    }
  }

  /// The asset for a file known to be an image, and why its header could not be read.
  func makeAsset(_ entry: FolderEntry) -> (Asset, String?) {
    var asset = Asset(
      id: entry.id, url: root.appendingPathComponent(entry.id, isDirectory: false),
      creationDate: entry.signature.modificationDate, pixelWidth: 0, pixelHeight: 0,
      album: entry.album)
    do {
      let info = try ImageDecoder.info(ofFileAt: entry.path)
      asset.pixelWidth = info.width
      asset.pixelHeight = info.height
      if let text = info.dateTimeOriginal, let date = EXIFDate.parse(text, timeZone: timeZone) {
        asset.creationDate = date
      }
      return (asset, nil)
    } catch {
      return (asset, "the image header cannot be read: \(error.reason)")
    }
  }

  private func problem(_ entry: FolderEntry, _ reason: String) -> ScanProblem {
    ScanProblem(
      path: entry.id, url: root.appendingPathComponent(entry.id, isDirectory: false),
      reason: reason)
  }
}
