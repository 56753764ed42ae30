import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// `PHAssetResource` and `PHAssetResourceManager`: the files behind a still, a Live Photo and
  /// a movie, read in chunks or copied, refused where the app may not read.
  @Suite struct AssetResources {
    /// The asset `id` of the installed library.
    static func asset(_ id: String) throws -> PHAsset {
      try #require(PHAsset.fetchAssets(withLocalIdentifiers: [id], options: nil).firstObject)
    }

    /// What a request ended with: the bytes delivered and the completion's error.
    static func requestData(_ resource: PHAssetResource) async throws -> (Data, (any Error)?) {
      let (chunks, error) = try await requestChunks(resource)
      return (chunks.reduce(Data(), +), error)
    }

    /// The chunks a request delivered, in order, and the completion's error.
    static func requestChunks(_ resource: PHAssetResource) async throws -> (
      [Data], (any Error)?
    ) {
      let chunks = Recorder<Data>()
      let errors = Recorder<PHPhotosError?>()
      PHAssetResourceManager.default().requestData(
        for: resource, options: PHAssetResourceRequestOptions(),
        dataReceivedHandler: { chunks.append($0) },
        completionHandler: {
          errors.append($0.map { $0 as? PHPhotosError ?? PHPhotosError(.invalid, "\($0)") })
        })
      try await errors.wait { !$0.isEmpty }
      return (chunks.all, errors.all.first ?? nil)
    }

    @Test(arguments: [
      ("Trips/cat.png", [PHAssetResourceType.photo], ["cat.png"], ["public.png"]),
      (
        "grace.jpg", [.photo, .pairedVideo], ["grace.jpg", "grace.MOV"],
        ["public.jpeg", "com.apple.quicktime-movie"]
      ),
      ("clip.MOV", [.video], ["clip.MOV"], ["public.mpeg-4"]),
    ])
    func anAssetListsItsFilesWithTheirRolesNamesAndFormats(
      id: String, types: [PHAssetResourceType], names: [String], formats: [String]
    ) throws {
      try PhotoKitCompatTests.install(readWrite: .authorized, library: try VideoRequests.library())
      let resources = PHAssetResource.assetResources(for: try Self.asset(id))
      #expect(resources.map(\.type) == types)
      #expect(resources.map(\.originalFilename) == names)
      #expect(resources.map(\.uniformTypeIdentifier) == formats)
      #expect(resources.allSatisfy { $0.assetLocalIdentifier == id })
    }

    @Test func keyValueCodingGivesTheFileNameAndSize() throws {
      let library = try VideoRequests.library()
      try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let resource = try #require(
        PHAssetResource.assetResources(for: try Self.asset("grace.jpg")).first)
      let size =
        try FileManager.default.attributesOfItem(
          atPath: library.appendingPathComponent("grace.jpg").path)[.size] as? NSNumber
      #expect(resource.value(forKey: "filename") as? String == "grace.jpg")
      #expect(resource.value(forKey: "fileSize") as? Int64 == size?.int64Value)
      #expect((resource.value(forKey: "fileSize") as? Int64 ?? 0) > 0)
      #expect(resource.value(forKey: "noSuchKey") == nil)
    }

    /// The 61,306-byte still comes in one chunk, the 238,433-byte movie in four.
    @Test(arguments: [(PHAssetResourceType.photo, 1), (.pairedVideo, 4)])
    func requestedDataIsTheFileByteForByteInChunks(
      type: PHAssetResourceType, expectedChunks: Int
    ) async throws {
      let library = try VideoRequests.library()
      try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let resource = try #require(
        PHAssetResource.assetResources(for: try Self.asset("grace.jpg")).first { $0.type == type })
      let (chunks, error) = try await Self.requestChunks(resource)
      let bytes = chunks.reduce(Data(), +)
      #expect(error == nil)
      #expect(chunks.count == expectedChunks, "64 KiB chunks")
      let file = try Data(
        contentsOf: library.appendingPathComponent(resource.originalFilename))
      #expect(!file.isEmpty)
      #expect(bytes == file)
    }

    @Test func aCancelledRequestStopsDeliveringAndEndsWithUserCancelled() async throws {
      try PhotoKitCompatTests.install(readWrite: .authorized, library: try VideoRequests.library())
      let movie = try #require(
        PHAssetResource.assetResources(for: try Self.asset("grace.jpg")).first {
          $0.type == .pairedVideo
        })
      let manager = PHAssetResourceManager.default()
      let requestID = Recorder<PHAssetResourceDataRequestID>()
      let returned = DispatchSemaphore(value: 0)
      let chunks = Recorder<Data>()
      let errors = Recorder<PHPhotosError.Code?>()
      let id = manager.requestData(
        for: movie, options: nil,
        dataReceivedHandler: { chunk in
          chunks.append(chunk)
          if chunks.count == 1 {
            returned.wait()
            if let id = requestID.all.first { manager.cancelDataRequest(id) }
          }
        },
        completionHandler: { errors.append(($0 as? PHPhotosError)?.code) })
      requestID.append(id)
      returned.signal()
      try await errors.wait { !$0.isEmpty }
      #expect(errors.all == [.userCancelled])
      #expect(chunks.count == 1, "the 238,433-byte movie would come in four chunks")
    }

    @Test func writeDataCopiesTheFileAndNeverReplacesOne() async throws {
      let library = try VideoRequests.library()
      try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let resource = try #require(
        PHAssetResource.assetResources(for: try Self.asset("clip.MOV")).first)
      let destination = try TestPaths.makeTemporaryDirectory("resources")
        .appendingPathComponent("copy.mov")
      let results = Recorder<String?>()
      for _ in 0..<2 {
        // Counted before the call: its handler may run before the call returns.
        let expected = results.count + 1
        PHAssetResourceManager.default().writeData(
          for: resource, toFile: destination, options: nil
        ) { error in
          results.append(
            error.map { ($0 as? CocoaError)?.code == .fileWriteFileExists ? "exists" : "\($0)" })
        }
        try await results.wait { $0.count == expected }
      }
      #expect(results.all == [nil, "exists"])
      #expect(
        try Data(contentsOf: destination)
          == Data(contentsOf: library.appendingPathComponent("clip.MOV")))
    }

    @Test func anAssetOutsideALimitedSelectionIsRefused() async throws {
      let library = try VideoRequests.library()
      try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let cat = try #require(
        PHAssetResource.assetResources(for: try Self.asset("Trips/cat.png")).first)
      let clip = try #require(PHAssetResource.assetResources(for: try Self.asset("clip.MOV")).first)
      try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["Trips/cat.png"], library: library)
      let (catBytes, catError) = try await Self.requestData(cat)
      let (clipBytes, clipError) = try await Self.requestData(clip)
      #expect(catError == nil)
      #expect(!catBytes.isEmpty)
      #expect((clipError as? PHPhotosError)?.code == .identifierNotFound)
      #expect(clipBytes.isEmpty)
      let written = Recorder<PHPhotosError.Code?>()
      let destination = try TestPaths.makeTemporaryDirectory("resources")
        .appendingPathComponent("clip.mov")
      PHAssetResourceManager.default().writeData(for: clip, toFile: destination, options: nil) {
        written.append(($0 as? PHPhotosError)?.code)
      }
      try await written.wait { !$0.isEmpty }
      #expect(written.all == [.identifierNotFound])
      #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
  }
}
