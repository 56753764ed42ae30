import Foundation
import PhotoLibrary
import TestSupport
import Testing

@testable import PhotoKitCompat

extension PhotoKitCompatTests {
  /// Lazy fetch results (made object by object from the engine's listing) against the eager
  /// fetch the same query gives: same objects, same order, for every way a fetch filters,
  /// limits or sorts.
  @Suite struct LazyFetchResults {
    /// The ids of `result` through `object(at:)`, and the eager refetch's ids.
    static func idsAndEager(_ result: PHFetchResult<PHAsset>) throws -> ([String], [String]) {
      let query = try #require(result.query)
      return (
        (0..<result.count).map { result.object(at: $0).localIdentifier },
        query().map(\.localIdentifier)
      )
    }

    /// Fetches the same way, with `configure` applied to fresh options.
    static func fetches() -> [(String, () -> PHFetchResult<PHAsset>)] {
      func options(_ configure: (PHFetchOptions) -> Void) -> PHFetchOptions {
        let options = PHFetchOptions()
        configure(options)
        return options
      }
      return [
        ("all", { PHAsset.fetchAssets(with: nil) }),
        ("limit 2", { PHAsset.fetchAssets(with: options { $0.fetchLimit = 2 }) }),
        ("limit 99", { PHAsset.fetchAssets(with: options { $0.fetchLimit = 99 }) }),
        ("images", { PHAsset.fetchAssets(with: .image, options: nil) }),
        ("videos", { PHAsset.fetchAssets(with: .video, options: nil) }),
        (
          "images, limit 1",
          { PHAsset.fetchAssets(with: .image, options: options { $0.fetchLimit = 1 }) }
        ),
        (
          "with hidden",
          { PHAsset.fetchAssets(with: options { $0.includeHiddenAssets = true }) }
        ),
        (
          "sorted newest first",
          {
            PHAsset.fetchAssets(
              with: options {
                $0.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
              })
          }
        ),
        (
          "filtered",
          {
            PHAsset.fetchAssets(
              with: options {
                $0.predicate = NSPredicate(
                  format: "mediaType == %d", PHAssetMediaType.image.rawValue)
              })
          }
        ),
        (
          "oldest first",
          {
            PHAsset.fetchAssets(
              with: options {
                $0.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
              })
          }
        ),
        (
          "images newest first, limit 1",
          {
            PHAsset.fetchAssets(
              with: options {
                $0.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
                $0.predicate = NSPredicate(
                  format: "mediaType == %d", PHAssetMediaType.image.rawValue)
                $0.fetchLimit = 1
              })
          }
        ),
        (
          "widest first, then oldest first",
          {
            PHAsset.fetchAssets(
              with: options {
                $0.sortDescriptors = [
                  NSSortDescriptor(key: "pixelWidth", ascending: false),
                  NSSortDescriptor(key: "creationDate", ascending: true),
                ]
              })
          }
        ),
        (
          "favourites or videos, by media type, with hidden",
          {
            PHAsset.fetchAssets(
              with: options {
                $0.predicate = NSPredicate(format: "isFavorite == YES OR mediaType == 2")
                $0.sortDescriptors = [NSSortDescriptor(key: "mediaType", ascending: true)]
                $0.includeHiddenAssets = true
              })
          }
        ),
        (
          "images not hidden, by modification date, with hidden",
          {
            PHAsset.fetchAssets(
              with: .image,
              options: options {
                $0.predicate = NSCompoundPredicate(
                  notPredicateWithSubpredicate: NSPredicate(format: "hidden == YES"))
                $0.sortDescriptors = [NSSortDescriptor(key: "modificationDate", ascending: false)]
                $0.includeHiddenAssets = true
              })
          }
        ),
        (
          "eager: a block predicate",
          {
            PHAsset.fetchAssets(
              with: options {
                $0.predicate = NSPredicate { object, _ in
                  (object as? PHAsset)?.mediaType == .image
                }
              })
          }
        ),
      ]
    }

    @Test(arguments: ["full", "limited"])
    func lazyResultsEqualEagerOnes(access: String) throws {
      let root = try SmartAlbumFetches.library()
      let state = try TestPaths.makeTemporaryDirectory("photokit-state")
      defer {
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.removeItem(at: state)
      }
      try PhotoKitDevice.install(
        readWrite: access == "full" ? .authorized : .limited,
        selection: access == "full" ? [] : ["grace.jpg", "IMG_0002.MOV", "Trips/cat.png"],
        library: root, stateDirectory: state, onTermination: { _ in })
      // One hidden asset: left out unless asked for.
      let cat = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["Trips/cat.png"], options: nil).firstObject)
      let grace = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      try PHPhotoLibrary.shared().performChangesAndWait {
        PHAssetChangeRequest(for: cat).isHidden = true
        PHAssetChangeRequest(for: grace).isFavorite = true
      }
      for (name, fetch) in Self.fetches() {
        let result = fetch()
        let (lazy, eager) = try Self.idsAndEager(result)
        #expect(lazy == eager, "\(name)")
        // Predicates and sort descriptors of PhotoKit's keys are served lazily too.
        #expect(result.isLazy == !name.hasPrefix("eager"), "\(name)")
        #expect(result.firstObject?.localIdentifier == eager.first, "\(name)")
        #expect(result.lastObject?.localIdentifier == eager.last, "\(name)")
        #expect(
          result.countOfAssets(with: .video)
            == result.objects.filter { $0.mediaType == .video }.count, "\(name)")
      }
      let withHidden = PHFetchOptions()
      withHidden.includeHiddenAssets = true
      #expect(
        PHAsset.fetchAssets(with: nil).count + 1 == PHAsset.fetchAssets(with: withHidden).count)
      let expected = access == "full" ? 3 : 2
      #expect(PHAsset.fetchAssets(with: nil).count == expected)
    }

    /// Sorting by value keeps ties in the default order, as the eager sort does, whether
    /// the listing's order already follows the key or not.
    @Test(arguments: [
      [("creationDate", false)], [("creationDate", true)], [("pixelWidth", false)],
      [("mediaType", true), ("creationDate", false)], [("localIdentifier", false)],
    ])
    func sortingByValueKeepsTiesAsTheEagerSortDoes(_ sort: [(String, Bool)]) {
      // Newest first, as the engine lists them; three dates, widths repeating.
      let listing = (0..<12).map { index in
        Asset(
          id: "p\(index).jpg", url: URL(fileURLWithPath: "/library/p\(index).jpg"),
          creationDate: Date(timeIntervalSince1970: Double(1000 - index / 4 * 100)),
          pixelWidth: index % 3, pixelHeight: 1, album: nil,
          mediaType: index % 5 == 0 ? .video : .image)
      }
      let window = LazyAssetWindow(
        newestFirst: AssetList(listing), edits: [:], limit: 0,
        byValue: AssetValueFetch(sort: sort.map { (key: $0.0, ascending: $0.1) })
      ) { _ in true }
      let options = PHFetchOptions()
      options.sortDescriptors = sort.map { NSSortDescriptor(key: $0.0, ascending: $0.1) }
      let eager = options.apply(to: listing.reversed().map { PHAsset($0) })
      #expect(
        (0..<window.count).map { window.object(at: $0).localIdentifier }
          == eager.map(\.localIdentifier))
    }

    @Test func aLazyResultKeepsItsObjectsAndEnumeratesLikeAnArray() throws {
      let root = try SmartAlbumFetches.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(readWrite: .authorized, library: root)
      let result = PHAsset.fetchAssets(with: nil)
      let query = try #require(result.query)
      let eager = PHFetchResult(query())
      #expect(result.count == 4 && eager.count == 4)
      // The same object each time it is asked for.
      #expect(result.object(at: 2) === result.object(at: 2))
      #expect(result[1] === result.object(at: 1))
      for reverse in [false, true] {
        var lazyOrder: [String] = []
        var eagerOrder: [String] = []
        let options: NSEnumerationOptions = reverse ? .reverse : []
        result.enumerateObjects(options: options) { asset, index, _ in
          lazyOrder.append("\(index) \(asset.localIdentifier)")
        }
        eager.enumerateObjects(options: options) { asset, index, _ in
          eagerOrder.append("\(index) \(asset.localIdentifier)")
        }
        #expect(lazyOrder == eagerOrder)
        var window: [String] = []
        result.enumerateObjects(at: [1, 3], options: options) { asset, index, stop in
          window.append("\(index) \(asset.localIdentifier)")
          stop.pointee = true
        }
        let firstOfWindow = reverse ? 3 : 1
        let expected = "\(firstOfWindow) \(eager.object(at: firstOfWindow).localIdentifier)"
        #expect(window == [expected])
      }
      let third = eager.object(at: 2)
      #expect(result.index(of: third) == 2 && result.contains(third))
      #expect(result.index(of: third, in: NSRange(location: 0, length: 2)) == NSNotFound)
      #expect(
        result.objects(at: [0, 3]).map(\.localIdentifier)
          == eager.objects(at: [0, 3]).map(\.localIdentifier))
    }
  }
}
