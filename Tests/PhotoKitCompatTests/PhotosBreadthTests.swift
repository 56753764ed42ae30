import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension PhotoKitCompatTests {
  /// The rest of Photos' API: values read from the library (playback styles, folders, resource
  /// sizes), what the folder library does not have (bursts, moments) and the changes it
  /// refuses (folders, album order), with the errors Photos reports.
  @Suite struct PhotosBreadth {
    /// The identifiers of any fetch result, in order.
    static func ids<T: PHObject>(_ result: PHFetchResult<T>) -> [String] {
      (0..<result.count).map { result.object(at: $0).localIdentifier }
    }

    @Test func playbackStylesComeFromTheFiles() throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: try VideoRequests.library())
      let all = PHAsset.fetchAssets(with: nil)
      var styles: [String: PHAsset.PlaybackStyle] = [:]
      all.enumerateObjects { asset, _, _ in styles[asset.localIdentifier] = asset.playbackStyle }
      #expect(
        styles == ["grace.jpg": .livePhoto, "Trips/cat.png": .image, "clip.MOV": .video])
      #expect(PHAsset.PlaybackStyle.videoLooping.rawValue == 5)
      let asset = try #require(PHAsset.fetchAssets(with: nil).firstObject)
      #expect(!asset.hasAdjustments && asset.adjustmentFormatIdentifier == nil)
      #expect(asset.addedDate <= Date())
    }

    @Test func noFolderAssetIsInABurstOrAMoment() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let asset = try #require(PHAsset.fetchAssets(with: nil).firstObject)
      #expect(asset.burstIdentifier == nil && !asset.representsBurst)
      #expect(asset.burstSelectionTypes.isEmpty && asset.location == nil)
      #expect(PHAsset.fetchAssets(withBurstIdentifier: "B", options: nil).count == 0)
      #expect(PHAssetCollection.fetchMoments(with: nil).count == 0)
      #expect(PHCollectionList.fetchMomentLists(with: .momentListYear, options: nil).count == 0)
      #expect(PHAssetBurstSelectionType.userPick.rawValue == 2)
      #expect(PHAssetMediaSubtype.videoScreenRecording.rawValue == 1 << 19)
    }

    @Test func foldersAreFetchedByTypeIdentifierAndContent() throws {
      let root = try CollectionLists.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(readWrite: .authorized, library: root)
      let folders = PHCollectionList.fetchCollectionLists(
        with: .folder, subtype: .any, options: nil)
      #expect(Self.ids(folders) == ["Trips", "Trips/2025"])
      #expect(
        PHCollectionList.fetchCollectionLists(with: .smartFolder, subtype: .any, options: nil)
          .count == 0)
      let byID = PHCollectionList.fetchCollectionLists(
        withLocalIdentifiers: ["Trips/2025", "Family"], options: nil)
      #expect(Self.ids(byID) == ["Trips/2025"])
      let deep = try #require(
        PHAssetCollection.fetchAssetCollections(
          withLocalIdentifiers: ["Trips/2025/deep"], options: nil
        ).firstObject)
      let holder = PHCollectionList.fetchCollectionListsContaining(deep, options: nil)
      #expect(Self.ids(holder) == ["Trips/2025"])
      let family = try #require(
        PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: ["Family"], options: nil)
          .firstObject)
      #expect(PHCollectionList.fetchCollectionListsContaining(family, options: nil).count == 0)
    }

    @Test func foldersAndAlbumOrderCannotBeChanged() throws {
      let root = try CollectionLists.library()
      defer { try? FileManager.default.removeItem(at: root) }
      try PhotoKitCompatTests.install(readWrite: .authorized, library: root)
      #expect {
        try PHPhotoLibrary.shared().performChangesAndWait {
          _ = PHCollectionListChangeRequest.creationRequestForCollectionList(withTitle: "New")
        }
      } throws: { error in
        (error as? PHPhotosError)?.code == .changeNotSupported
      }
      let album = try #require(
        PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: ["Family"], options: nil)
          .firstObject)
      do {
        try PHPhotoLibrary.shared().performChangesAndWait {
          PHAssetCollectionChangeRequest(for: album)?.moveAssets(at: [0], to: 0)
        }
        Issue.record("moving assets in a folder album succeeded")
      } catch PHPhotosError.changeNotSupported {
        // What Photos reports for a change it cannot make as configured.
      }
      #expect(
        PHCollectionList.fetchCollectionLists(with: .folder, subtype: .any, options: nil).count == 2
      )
    }

    @Test func transientCollectionsHoldWhatTheyWereGiven() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let all = PHAsset.fetchAssets(with: nil)
      let picked = [all.object(at: 3), all.object(at: 1)]
      let album = PHAssetCollection.transientAssetCollection(with: picked, title: "Picked")
      #expect(album.localizedTitle == "Picked" && album.estimatedAssetCount == 2)
      let fetched = PHAsset.fetchAssets(in: album, options: nil)
      #expect(Self.ids(fetched) == picked.map(\.localIdentifier))
      let list = PHCollectionList.transientCollectionList(with: [album], title: "Lists")
      #expect(PHCollection.fetchCollections(in: list, options: nil).firstObject === album)
    }

    @Test func fetchResultsFindWithinARangeAndDiffEachOther() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let all = PHAsset.fetchAssets(with: nil)
      let third = all.object(at: 2)
      #expect(all.index(of: third, in: NSRange(location: 1, length: 3)) == 2)
      #expect(all.index(of: third, in: NSRange(location: 3, length: 2)) == NSNotFound)
      let options = PHFetchOptions()
      options.predicate = NSPredicate(format: "NOT (localIdentifier == %@)", third.localIdentifier)
      let fewer = PHAsset.fetchAssets(with: options)
      let details = PHFetchResultChangeDetails(
        from: all, to: fewer, changedObjects: [all.object(at: 0)])
      #expect(details.removedIndexes == IndexSet([2]))
      #expect(details.changedIndexes == IndexSet([0]))
      #expect(details.insertedObjects.isEmpty)
    }

    @Test func resourcesHaveTheirFilesPixelSize() throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: try PhotoKitCompatTests.sampleLibrary())
      let grace = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      let resource = try #require(PHAssetResource.assetResources(for: grace).first)
      #expect(resource.pixelWidth == 512 && resource.pixelHeight == 600)
    }

    @Test func aLivePhotoIsMadeFromAStillAndAMovie() async throws {
      let still = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg")
      let movie = VideoRequests.videos.appendingPathComponent("iphone15pro-hevc-live-photo.mov")
      let results = Recorder<(PHLivePhoto?, [AnyHashable: Any])>()
      let id = PHLivePhoto.request(
        withResourceFileURLs: [movie, still], placeholderImage: nil, targetSize: .zero,
        contentMode: .aspectFit
      ) { results.append(($0, $1)) }
      #expect(id != PHLivePhotoRequestIDInvalid)
      PHLivePhoto.request(
        withResourceFileURLs: [still], placeholderImage: nil, targetSize: .zero,
        contentMode: .aspectFit
      ) { results.append(($0, $1)) }
      try await results.wait { $0.count == 2 }
      let made = try #require(results.all.first { $0.0 != nil }?.0)
      #expect(made.photoURL == still && made.videoURL == movie)
      #expect(made.size == CGSize(width: 512, height: 600))
      let archived = try NSKeyedArchiver.archivedData(
        withRootObject: made, requiringSecureCoding: true)
      let restored = try #require(
        try NSKeyedUnarchiver.unarchivedObject(ofClass: PHLivePhoto.self, from: archived))
      #expect(restored.videoURL == movie && restored.size == made.size)
      let failed = try #require(results.all.first { $0.0 == nil })
      #expect((failed.1[PHLivePhotoInfoErrorKey] as? PHPhotosError)?.code == .invalidResource)
    }

    @Test func photosErrorsCarryAppleCodesAndMatchInCatch() {
      #expect(PHPhotosError.Code.limitExceeded.rawValue == 3307)
      #expect(PHPhotosError.Code.invalid == .internalError)
      #expect(PHPhotosErrorUserCancelled == 3072 && PHPhotosErrorDomain == "PHPhotosErrorDomain")
      let error = PHPhotosError(
        .identifierNotFound, userInfo: [PHLocalIdentifiersErrorKey: ["a.jpg"]])
      #expect(error.userInfo[PHLocalIdentifiersErrorKey] as? [String] == ["a.jpg"])
      #expect((error as NSError).domain == PHPhotosErrorDomain)
      #expect(PHPhotosError.identifierNotFound ~= error)
      #expect(!(PHPhotosError.userCancelled ~= error))
    }
  }
}

extension PhotoKitCompatTests.PhotosBreadth {
  @Test func cloudIdentifiersMapBackOnlyWhatTheAppMaySee() throws {
    try PhotoKitCompatTests.install(readWrite: .limited, selection: ["mid.png"])
    let library = PHPhotoLibrary.shared()
    let clouds = library.cloudIdentifierMappings(forLocalIdentifiers: ["mid.png", "old.jpg"])
    let cloud = try #require(try? clouds["mid.png"]?.get())
    #expect(cloud.stringValue != "mid.png")
    #expect(throws: PHPhotosError.self) { try clouds["old.jpg"]?.get() }
    let stored = PHCloudIdentifier(stringValue: cloud.stringValue)
    let unknown = PHCloudIdentifier(stringValue: "elsewhere")
    let locals = library.localIdentifierMappings(for: [stored, unknown])
    #expect(try locals[stored]?.get() == "mid.png")
    #expect(throws: PHPhotosError.self) { try locals[unknown]?.get() }
    let archived = try NSKeyedArchiver.archivedData(
      withRootObject: cloud, requiringSecureCoding: true)
    let restored = try NSKeyedUnarchiver.unarchivedObject(
      ofClass: PHCloudIdentifier.self, from: archived)
    #expect(restored == cloud)
  }

  @Test func noUploadJobCanBeMadeWithoutTheUploadExtension() throws {
    try PhotoKitCompatTests.install(readWrite: .authorized)
    let library = PHPhotoLibrary.shared()
    #expect(!library.uploadJobExtensionEnabled && PHAssetResourceUploadJob.jobLimit == 0)
    #expect(throws: PHPhotosError.self) { try library.setUploadJobExtensionEnabled(true) }
    try library.setUploadJobExtensionEnabled(false)
    #expect(PHAssetResourceUploadJob.fetchJobs(action: .acknowledge, options: nil).count == 0)
    let asset = try #require(PHAsset.fetchAssets(with: nil).firstObject)
    let resource = try #require(PHAssetResource.assetResources(for: asset).first)
    do {
      try library.performChangesAndWait {
        PHAssetResourceUploadJobChangeRequest.createJob(
          destination: URLRequest(url: URL(string: "https://example.com/upload")!),
          resource: resource)
      }
      Issue.record("an upload job was created")
    } catch PHPhotosError.limitExceeded {
      // As Photos reports a full job queue.
    }
  }
}

extension PhotoKitCompatTests.PhotosBreadth {
  @Test func contentTypesComeFromTheFilesBytes() throws {
    try PhotoKitCompatTests.install(
      readWrite: .authorized, library: try PhotoKitCompatTests.VideoRequests.library())
    let assets = PHAsset.fetchAssets(
      withLocalIdentifiers: ["grace.jpg", "Trips/cat.png", "clip.MOV"], options: nil)
    var types: [String: String] = [:]
    assets.enumerateObjects { asset, _, _ in
      types[asset.localIdentifier] = asset.contentType.identifier
    }
    #expect(
      types == [
        "grace.jpg": "public.jpeg", "Trips/cat.png": "public.png",
        "clip.MOV": "public.mpeg-4",
      ])
    #expect(UTType.jpeg.conforms(to: .image) && !UTType.jpeg.conforms(to: .movie))
    #expect(UTType.quickTimeMovie.conforms(to: .audiovisualContent))
    #expect(UTType(filenameExtension: "HEIC") == .heic)
    #expect(UTType.heic.preferredMIMEType == "image/heif")
    let options = PHAssetResourceCreationOptions()
    options.contentType = .png
    #expect(options.uniformTypeIdentifier == "public.png")
  }

  @Test func aRenderCanBeWrittenAsHEICAndIsThenTheRenderedContent() async throws {
    try PhotoKitCompatTests.install(
      readWrite: .authorized, library: try PhotoKitCompatTests.sampleLibrary())
    let asset = try #require(
      PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
    let inputs = Recorder<PHContentEditingInput?>()
    asset.requestContentEditingInput(with: nil) { input, _ in inputs.append(input) }
    try await inputs.wait { !$0.isEmpty }
    let input = try #require(inputs.all.first ?? nil)
    #expect(input.contentType == .jpeg)
    let output = PHContentEditingOutput(contentEditingInput: input)
    #expect(output.defaultRenderedContentType == .jpeg)
    #expect(output.renderedContentURL.pathExtension == "JPG")
    let heic = try output.renderedContentURL(for: .heic)
    #expect(heic.pathExtension == "HEIC" && output.renderedContentURL == heic)
    #expect(throws: PHPhotosError.self) { try output.renderedContentURL(for: .png) }
  }
}

extension PhotoKitCompatTests.PhotosBreadth {
  @Test func anExportWithAVideoCompositionFailsAndOneWithoutCopies() async throws {
    let movie = AVURLAsset(
      url: PhotoKitCompatTests.VideoRequests.videos.appendingPathComponent(
        "handbrake-h264-aac.mp4"))
    let composition = AVMutableVideoComposition(propertiesOf: movie)
    #expect(composition.renderSize == movie.naturalSize && composition.renderSize.width > 0)
    #expect(composition.frameDuration.isValid)
    let folder = try TestPaths.makeTemporaryDirectory("export")
    let composed = try #require(
      AVAssetExportSession(asset: movie, presetName: AVAssetExportPresetPassthrough))
    composed.outputURL = folder.appendingPathComponent("composed.mp4")
    composed.videoComposition = composition
    await composed.export()
    #expect(composed.status == .failed)
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("composed.mp4").path))
    let copied = try #require(
      AVAssetExportSession(asset: movie, presetName: AVAssetExportPresetPassthrough))
    copied.outputURL = folder.appendingPathComponent("copied.mp4")
    await copied.export()
    #expect(copied.status == .completed)
  }
}
