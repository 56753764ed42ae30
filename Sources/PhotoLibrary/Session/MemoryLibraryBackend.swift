import Foundation

/// An in-memory library for tests: assets are ids, imports append, nothing touches the disk.
///
/// Sendable by hand (`@unchecked`): the assets are touched only under `lock`.
public final class MemoryLibraryBackend: PhotoLibraryBackend, @unchecked Sendable {
  private let lock = NSLock()
  private var assets: [Asset]

  /// A library holding `ids` (newest first); ids with a `/` are in the album before it.
  public init(ids: [String]) {
    let now = Date(timeIntervalSinceReferenceDate: 700_000_000)
    assets = ids.enumerated().map { index, id in
      Self.asset(id: id, date: now.addingTimeInterval(-Double(index)))
    }
  }

  /// A library holding `assets` as given (newest first).
  public init(assets: [Asset]) {
    self.assets = assets
  }

  /// Adds `assets` as if files had been copied into the folder (kept newest first).
  public func add(_ new: [Asset]) {
    lock.withLock {
      assets = (assets + new).enumerated()
        .sorted { ($0.element.creationDate, $1.offset) > ($1.element.creationDate, $0.offset) }
        .map(\.element)
    }
  }

  public func allAssets() throws -> AssetList { lock.withLock { AssetList(assets) } }

  /// Removes the assets with `ids` (a deletion the session allowed).
  public func remove(_ ids: Set<String>) {
    lock.withLock { assets.removeAll { ids.contains($0.id) } }
  }

  public func importFile(at url: URL, album: String?) throws -> Asset {
    lock.withLock {
      let name = url.lastPathComponent
      var id = album.map { "\($0)/\(name)" } ?? name
      var counter = 1
      while assets.contains(where: { $0.id == id }) {
        counter += 1
        let stem = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        let unique = "\(stem) \(counter)" + (ext.isEmpty ? "" : ".\(ext)")
        id = album.map { "\($0)/\(unique)" } ?? unique
      }
      let newest = (assets.first?.creationDate ?? Date()).addingTimeInterval(1)
      let asset = Self.asset(id: id, date: newest)
      assets.insert(asset, at: 0)
      return asset
    }
  }

  private static func asset(id: String, date: Date) -> Asset {
    let parts = id.split(separator: "/")
    return Asset(
      id: id, url: URL(fileURLWithPath: "/memory/\(id)"), creationDate: date, pixelWidth: 4,
      pixelHeight: 3, album: parts.count > 1 ? String(parts[0]) : nil)
  }
}
