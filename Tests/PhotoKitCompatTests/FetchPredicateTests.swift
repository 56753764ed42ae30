import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import Testing

/// A predicate format, its arguments and the assets it keeps (oldest first).
struct PredicateCase: @unchecked Sendable, CustomStringConvertible {
  var format: String
  var arguments: [Any]
  var expected: [String]
  var description: String { format }

  init(_ format: String, _ arguments: [Any] = [], _ expected: [String]) {
    self.format = format
    self.arguments = arguments
    self.expected = expected
  }
}

extension PhotoKitCompatTests {
  /// `PHFetchOptions.predicate` made with `NSPredicate(format:)`, evaluated on the in-memory
  /// library (assets one second apart, newest `new.jpg` at `newest`, all 4×3 images).
  @Suite struct FetchPredicates {
    static let newest = Date(timeIntervalSinceReferenceDate: 700_000_000)
    static let all = ["old.jpg", "Trips/hill.jpg", "mid.png", "Trips/beach.jpg", "new.jpg"]

    static let cases: [PredicateCase] = [
      PredicateCase("mediaType == %d", [PHAssetMediaType.image.rawValue], all),
      PredicateCase("mediaType = %d", [PHAssetMediaType.video.rawValue], []),
      PredicateCase(
        "localIdentifier IN %@", [["mid.png", "old.jpg", "gone.jpg"]], ["old.jpg", "mid.png"]),
      PredicateCase("NOT (localIdentifier IN %@)", [["old.jpg"]], Array(all.dropFirst())),
      PredicateCase(
        "NOT localIdentifier IN %@", [Set(["old.jpg", "new.jpg"])],
        ["Trips/hill.jpg", "mid.png", "Trips/beach.jpg"]),
      PredicateCase(
        "creationDate > %@", [newest.addingTimeInterval(-2.5)],
        ["mid.png", "Trips/beach.jpg", "new.jpg"]),
      PredicateCase(
        "creationDate >= %@ AND creationDate <= %@",
        [newest.addingTimeInterval(-3) as NSDate, newest.addingTimeInterval(-1)],
        ["Trips/hill.jpg", "mid.png", "Trips/beach.jpg"]),
      PredicateCase(
        "creationDate BETWEEN %@", [[newest.addingTimeInterval(-1), newest]],
        ["Trips/beach.jpg", "new.jpg"]),
      PredicateCase("isFavorite == YES", [], []),
      PredicateCase("isFavorite == NO && isHidden == false", [], all),
      PredicateCase("favorite = 0", [], all),
      PredicateCase(
        "mediaType == %d OR localIdentifier == %@", [PHAssetMediaType.video.rawValue, "old.jpg"],
        ["old.jpg"]),
      PredicateCase("(mediaSubtypes & %d) != 0", [PHAssetMediaSubtype.photoLive.rawValue], []),
      PredicateCase("(mediaSubtypes & %d) == 0", [PHAssetMediaSubtype.photoLive], all),
      PredicateCase(
        "localIdentifier BEGINSWITH[c] 'trips/'", [], ["Trips/hill.jpg", "Trips/beach.jpg"]),
      PredicateCase(
        "localIdentifier ENDSWITH '.png' OR localIdentifier LIKE 'n*.j?g'", [],
        ["mid.png", "new.jpg"]),
      PredicateCase("localIdentifier CONTAINS %@", ["ea"], ["Trips/beach.jpg"]),
      PredicateCase("%K == %@", ["localIdentifier", "new.jpg"], ["new.jpg"]),
      PredicateCase("pixelWidth > pixelHeight AND duration == 0", [], all),
      PredicateCase("pixelWidth >= %ld", [Int64(5)], []),
      PredicateCase("SELF IN %@", [["mid.png"]], ["mid.png"]),
      PredicateCase("TRUEPREDICATE", [], all),
      PredicateCase("NOT TRUEPREDICATE", [], []),
      PredicateCase(
        "mediaType IN {1, 2} AND (localIdentifier == 'old.jpg' OR localIdentifier == \"new.jpg\")",
        [], ["old.jpg", "new.jpg"]),
    ]

    @Test(arguments: cases)
    func formatPredicatesFilterAssetFetches(_ example: PredicateCase) throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      let errors = Recorder<String>()
      device.onError { errors.append("\($0)") }
      let options = PHFetchOptions()
      options.predicate = NSPredicate(format: example.format, argumentArray: example.arguments)
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: options)) == example.expected)
      #expect(errors.all.isEmpty)
    }

    @Test func variadicArgumentsCompileAsOnIOS() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let options = PHFetchOptions()
      options.predicate = NSPredicate(
        format: "mediaType == %d AND localIdentifier IN %@", PHAssetMediaType.image.rawValue,
        ["new.jpg", "mid.png"])
      options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
      let result = PHAsset.fetchAssets(with: .image, options: options)
      #expect(PhotoKitCompatTests.ids(result) == ["new.jpg", "mid.png"])
      let asset = try #require(result.firstObject)
      #expect(NSPredicate(format: "localIdentifier == %@", "new.jpg").evaluate(with: asset))
      #expect(!NSPredicate(format: "isFavorite == YES").evaluate(with: asset))
    }

    @Test func predicatesAlsoEvaluateValuesWithSelf() {
      let email = NSPredicate(format: "SELF MATCHES %@", "[A-Z0-9._%+-]+@[A-Z0-9.-]+\\.[A-Z]{2,}")
      #expect(!email.evaluate(with: "someone@example.com"))
      #expect(
        NSPredicate(format: "SELF MATCHES[c] %@", "[A-Z0-9._%+-]+@[A-Z0-9.-]+\\.[A-Z]{2,}")
          .evaluate(with: "someone@example.com"))
      #expect(NSPredicate(format: "SELF BEGINSWITH 'IMG_'").evaluate(with: "IMG_0001.jpg"))
      #expect(NSPredicate(format: "SELF > 3").evaluate(with: 4))
      #expect(!NSPredicate(format: "SELF IN %@", [1, 2]).evaluate(with: 3))
    }

    @Test func compoundPredicatesOfFormatPredicatesFilterToo() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let options = PHFetchOptions()
      options.predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
        NSPredicate(format: "mediaType == %d", PHAssetMediaType.image.rawValue),
        NSCompoundPredicate(
          notPredicateWithSubpredicate: NSPredicate(
            format: "localIdentifier BEGINSWITH %@", "Trips/")),
      ])
      #expect(
        PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: options))
          == ["old.jpg", "mid.png", "new.jpg"])
    }

    @Test func collectionPredicatesUseCollectionKeys() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      func titles(_ format: String, _ arguments: Any...) -> [String] {
        let options = PHFetchOptions()
        options.predicate = NSPredicate(format: format, argumentArray: arguments)
        var titles: [String] = []
        PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: options)
          .enumerateObjects { album, _, _ in titles.append(album.localizedTitle ?? "") }
        return titles
      }
      #expect(titles("title = %@", "Trips") == ["Trips"])
      #expect(titles("localizedTitle CONTAINS[cd] 'RIP'") == ["Trips"])
      #expect(titles("estimatedAssetCount > 0") == ["Trips"])
      #expect(titles("estimatedAssetCount > %d", 2).isEmpty)
    }

    @Test(arguments: [
      ("fileSize > 0", "fileSize"),
      ("estimatedAssetCount > 0", "estimatedAssetCount"),
      ("mediaType == 1 AND filename == 'a.jpg'", "filename"),
    ])
    func unsupportedAssetKeysFailAsPhotoKitDoes(format: String, key: String) throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      let errors = Recorder<String>()
      device.onError { errors.append("\($0)") }
      let options = PHFetchOptions()
      options.predicate = NSPredicate(format: format)
      #expect(PHAsset.fetchAssets(with: options).count == 0)
      #expect(errors.count == 1)
      #expect(errors.all.first?.contains("Unsupported predicate in fetch options") == true)
      #expect(errors.all.first?.contains(key) == true)
    }

    @Test func assetKeysAreUnsupportedForCollections() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      let errors = Recorder<String>()
      device.onError { errors.append("\($0)") }
      let options = PHFetchOptions()
      options.predicate = NSPredicate(format: "mediaType == %d", 1)
      #expect(
        PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: options)
          .count == 0)
      #expect(errors.all.first?.contains("PHAssetCollection has no key mediaType") == true)
    }

    @Test(arguments: [
      PredicateCase("mediaType ==", [], []),
      PredicateCase("mediaType == %d", [], []),
      PredicateCase("mediaType == %d", [1, 2], []),
      PredicateCase("(mediaType == 1", [], []),
      PredicateCase("mediaType ~ 1", [], []),
      PredicateCase("mediaType == %d", ["one"], []),
      PredicateCase("title = 'open", [], []),
    ])
    func malformedFormatsAreReportedAndMatchNothing(_ example: PredicateCase) throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      let errors = Recorder<String>()
      device.onError { errors.append("\($0)") }
      let options = PHFetchOptions()
      options.predicate = NSPredicate(format: example.format, argumentArray: example.arguments)
      #expect(errors.all.first?.contains("Unable to parse the format string") == true)
      #expect(PHAsset.fetchAssets(with: options).count == 0)
    }

    @Test func enumerationAtIndexesVisitsThoseInOrderUntilStopped() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let result = PHAsset.fetchAssets(with: nil)
      var seen: [Int] = []
      result.enumerateObjects(at: IndexSet([1, 3, 4]), options: .reverse) { _, index, stop in
        seen.append(index)
        if index == 3 { stop.pointee = true }
      }
      #expect(seen == [4, 3])
    }

    @Test func copiedOptionsAreIndependent() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let shared = PHFetchOptions()
      shared.predicate = NSPredicate(format: "localIdentifier != %@", "new.jpg")
      let copy = try #require(shared.copy() as? PHFetchOptions)
      #expect(copy !== shared)
      copy.fetchLimit = 1
      copy.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
      #expect(shared.fetchLimit == 0)
      #expect(shared.sortDescriptors == nil)
      #expect(PHAsset.fetchAssets(with: shared).count == 4)
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: copy)) == ["Trips/beach.jpg"])
      let request = PHImageRequestOptions()
      request.deliveryMode = .fastFormat
      let requestCopy = try #require(request.copy() as? PHImageRequestOptions)
      requestCopy.deliveryMode = .highQualityFormat
      requestCopy.isSynchronous = true
      #expect(request.deliveryMode == .fastFormat)
      #expect(!request.isSynchronous)
    }
  }
}
