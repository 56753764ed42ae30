import Foundation
import PhotoKitCompat
import PhotosUICompat
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How far PhotoKitCompat provides a PhotoKit or PhotosUI member.
enum APIStatus: String {
  /// Behaves as on a device (within the folder library's facts).
  case supported
  /// Compiles; what it does differs, as the row says.
  case limited = "compiles, limited"
  /// Does not exist: code using it does not compile.
  case absent
}

/// One row of the guide's API table. `uses` names every listed member in code that must
/// compile, so a row cannot claim a member that is not there; absent rows have none.
struct APIRow {
  var type: String
  var members: String
  var status: APIStatus
  var note: String = ""
  var uses: (() throws -> Void)?
}

extension PhotoKitCompatTests {
  /// The API table of docs/photokit-compat-guide.md is this list, rendered.
  @Suite struct APITable {
    static let library = PHPhotoLibrary.shared()
    static let asset: PHAsset? = nil

    // swift-format-ignore
    static var rows: [APIRow] { [
      APIRow(type: "PHPhotoLibrary", members: "`shared()`, `authorizationStatus()`, `authorizationStatus(for:)`, `requestAuthorization(_:)`, `requestAuthorization(for:handler:)`, `requestAuthorization(for:) async`", status: .supported, uses: {
        _ = PHPhotoLibrary.shared(); _ = PHPhotoLibrary.authorizationStatus(); _ = PHPhotoLibrary.authorizationStatus(for: .readWrite)
        PHPhotoLibrary.requestAuthorization { _ in }; PHPhotoLibrary.requestAuthorization(for: .addOnly) { _ in }
        let _: (PHAccessLevel) async -> PHAuthorizationStatus = PHPhotoLibrary.requestAuthorization(for:)
      }),
      APIRow(type: "PHPhotoLibrary", members: "`register(_:)`, `unregisterChangeObserver(_:)`, `performChanges(_:completionHandler:)`, `performChanges(_:) async`, `performChangesAndWait(_:)`, `presentLimitedLibraryPicker(from:)` (+ `completionHandler:`, `async`)", status: .supported, uses: {
        let _: (any PHPhotoLibraryChangeObserver) -> Void = library.register
        let _: (any PHPhotoLibraryChangeObserver) -> Void = library.unregisterChangeObserver
        library.performChanges({}, completionHandler: nil); try library.performChangesAndWait {}
        library.presentLimitedLibraryPicker(from: UIViewController()); library.presentLimitedLibraryPicker(from: UIViewController()) { _ in }
      }),
      APIRow(type: "PHPhotoLibrary", members: "`currentChangeToken`, `fetchPersistentChanges(since:)`", status: .limited, note: "no history is kept: the changes since a token are one change comparing that state with now (assets only); a token never expires; throws `accessUserDenied` without read/write access", uses: {
        _ = try library.fetchPersistentChanges(since: library.currentChangeToken)
      }),
      APIRow(type: "PHPhotoLibrary", members: "`unavailabilityReason`, `register(_: PHPhotoLibraryAvailabilityObserver)`, `unregisterAvailabilityObserver(_:)`", status: .limited, note: "unavailable means the library folder cannot be opened (a `PHPhotosError` `.invalid` naming it); observers hear it at the next library change", uses: {
        _ = library.unavailabilityReason
        let _: (any PHPhotoLibraryAvailabilityObserver) -> Void = library.register
        let _: (any PHPhotoLibraryAvailabilityObserver) -> Void = library.unregisterAvailabilityObserver
      }),
      APIRow(type: "PHPhotoLibrary, PHCloudIdentifier", members: "`cloudIdentifierMappings(forLocalIdentifiers:)`, `localIdentifierMappings(for:)`; `init(stringValue:)`, `stringValue`, `init?(coder:)`", status: .supported, note: "a cloud identifier is the asset's path in the shared library folder behind a fixed prefix, so another machine with the folder maps it back; what the app may not see fails with `identifierNotFound`", uses: {
        _ = library.cloudIdentifierMappings(forLocalIdentifiers: [])
        _ = library.localIdentifierMappings(for: [PHCloudIdentifier(stringValue: "")].map { $0 }).keys.first?.stringValue
      }),
      APIRow(type: "PHPhotoLibrary, PHAssetResourceUploadJob, PHAssetResourceUploadJobChangeRequest", members: "`uploadJobExtensionEnabled`, `setUploadJobExtensionEnabled(_:)`; `jobLimit`, `fetchJobs(action:options:)`, `resource`, `destination`, `state`, `State`, `Action`; `createJob(destination:resource:)`, `init?(for:)`, `acknowledge()`, `retry(destination:)`", status: .limited, note: "a device whose app has no background-upload extension (Linux runs no app extensions): `jobLimit` is 0, so `createJob` fails the change with `limitExceeded`; no job is fetched; enabling the extension throws `changeNotSupported`", uses: {
        _ = (library.uploadJobExtensionEnabled, PHAssetResourceUploadJob.jobLimit, PHAssetResourceUploadJob.State.succeeded)
        try library.setUploadJobExtensionEnabled(false)
        let job = PHAssetResourceUploadJob.fetchJobs(action: .acknowledge, options: nil).firstObject
        _ = job.map { ($0.resource, $0.destination, $0.state) }
        if let job { PHAssetResourceUploadJobChangeRequest(for: job)?.acknowledge(); PHAssetResourceUploadJobChangeRequest(for: job)?.retry(destination: nil) }
        if let resource = job?.resource { PHAssetResourceUploadJobChangeRequest.createJob(destination: URLRequest(url: URL(fileURLWithPath: "/")), resource: resource) }
      }),
      APIRow(type: "PHPhotoLibrary", members: "`register(_: PHPhotoLibraryPersistentChangesObserver)`", status: .absent),
      APIRow(type: "PHAuthorizationStatus, PHAccessLevel", members: "all cases, Apple's raw values", status: .supported, uses: { _ = PHAuthorizationStatus.limited.rawValue; _ = PHAccessLevel.addOnly.rawValue }),
      APIRow(type: "PHPhotoLibraryChangeObserver, PHChange, PHFetchResultChangeDetails", members: "`photoLibraryDidChange(_:)` (on a background queue), `changeDetails(for:)`, before/after results, removed/inserted/changed indexes and objects, `hasIncrementalChanges`, `hasMoves`, `enumerateMoves(_:)`", status: .supported, uses: {
        let details: PHFetchResultChangeDetails<PHAsset>? = nil
        _ = details?.fetchResultAfterChanges; _ = details?.removedObjects; _ = details?.insertedObjects; _ = details?.changedObjects
        _ = details?.hasIncrementalChanges; _ = details?.hasMoves; details?.enumerateMoves { _, _ in }
      }),
      APIRow(type: "PHChange, PHObjectChangeDetails", members: "`changeDetails(for:)` with an asset or an album, `objectBeforeChanges`, `objectAfterChanges`, `assetContentChanged`, `objectWasDeleted`", status: .supported, note: "the object is fetched again by its identifier; an album's details cover its title and estimated count (follow its contents with a fetch result's details)", uses: {
        let change: PHChange? = nil
        guard let asset, let details = change?.changeDetails(for: asset) else { return }
        _ = (details.objectBeforeChanges, details.objectAfterChanges, details.assetContentChanged, details.objectWasDeleted)
      }),
      APIRow(type: "PHAsset", members: "`fetchAssets(with:)`, `fetchAssets(with:options:)`, `fetchAssets(in:options:)`, `fetchAssets(withLocalIdentifiers:options:)`, `localIdentifier`, `pixelWidth`, `pixelHeight`, `creationDate`, `modificationDate`, `mediaType`, `mediaSubtypes`, `duration`, `isFavorite`, `isHidden`", status: .supported, uses: {
        _ = PHAsset.fetchAssets(with: nil); _ = PHAsset.fetchAssets(with: .image, options: nil)
        _ = PHAsset.fetchAssets(withLocalIdentifiers: [], options: nil)
        _ = asset.map { ($0.localIdentifier, $0.pixelWidth, $0.pixelHeight, $0.creationDate, $0.modificationDate, $0.mediaType, $0.mediaSubtypes, $0.duration, $0.isFavorite, $0.isHidden) }
      }),
      APIRow(type: "PHAsset", members: "`canPerform(_:)`", status: .limited, note: "`.delete` and `.content` are true; `.properties` is false (dates and locations are not rewritten)", uses: { _ = asset?.canPerform(.delete) }),
      APIRow(type: "PHAsset", members: "`fetchKeyAssets(in:options:)`", status: .limited, note: "one asset: the first in the options' sort order; without one, an album's oldest and a smart album's newest (a key photo chosen in the Photos app is not known); nil for an empty collection", uses: {
        guard let album = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil).firstObject else { return }
        _ = PHAsset.fetchKeyAssets(in: album, options: nil)?.firstObject
      }),
      APIRow(type: "PHAsset", members: "`value(forKey:)`", status: .limited, note: "the undocumented `\"filename\"` (the file's name) and the public properties by name; nil for any other key (no key-value coding on Linux)", uses: { _ = asset?.value(forKey: "filename") as? String }),
      APIRow(type: "PHAsset", members: "`playbackStyle` (`PHAsset.PlaybackStyle`), `addedDate`, `hasAdjustments`, `adjustmentFormatIdentifier`, `contentType`", status: .supported, note: "from the library: a movie plays `.video`, a Live Photo pair `.livePhoto`, an animation `.imageAnimated`; the saved edit; the type sniffed from the file (a `UTType` stand-in over the format registry)", uses: {
        _ = asset.map { ($0.playbackStyle, $0.addedDate, $0.hasAdjustments, $0.adjustmentFormatIdentifier, $0.contentType.identifier) }
      }),
      APIRow(type: "PHAsset", members: "`location`, `burstIdentifier`, `representsBurst`, `burstSelectionTypes`, `fetchAssets(withBurstIdentifier:options:)`, `fetchAssets(withALAssetURLs:options:)`", status: .limited, note: "nil, false, empty: the folder library reads no GPS tags and records no bursts or Assets Library URLs", uses: {
        _ = asset.map { ($0.location, $0.burstIdentifier, $0.representsBurst, $0.burstSelectionTypes) }
        _ = PHAsset.fetchAssets(withBurstIdentifier: "", options: nil); _ = PHAsset.fetchAssets(withALAssetURLs: [], options: nil)
      }),
      APIRow(type: "PHAsset, PHContentEditingInput, PHContentEditingInputRequestOptions", members: "`requestContentEditingInput(with:completionHandler:)` (on the main queue), `cancelContentEditingInputRequest(_:)`, the info keys; `fullSizeImageURL`, `fullSizeImageOrientation`, `displaySizeImage`, `adjustmentData`, `uniformTypeIdentifier`, `mediaType`, `mediaSubtypes`, `creationDate`, `audiovisualAsset`; options `canHandleAdjustmentData`, `isNetworkAccessAllowed`, `progressHandler`", status: .supported, note: "for assets the app may read; the file is a copy the app may read; with a saved edit, the original and its adjustment data when `canHandleAdjustmentData` accepts it, else the edited photo (`FullSizeRender.jpg`); `location` and `livePhoto` are nil; an asset in iCloud only ([icloud.md](icloud.md)) is downloaded first with network access (progress to `progressHandler`), else no input and `PHContentEditingInputResultIsInCloudKey`", uses: {
        guard let asset else { return }
        let options = PHContentEditingInputRequestOptions()
        options.canHandleAdjustmentData = { $0.formatIdentifier == "x" }; options.isNetworkAccessAllowed = true
        let id = asset.requestContentEditingInput(with: options) { input, info in
          _ = (input?.fullSizeImageURL, input?.fullSizeImageOrientation, input?.displaySizeImage, input?.adjustmentData, input?.uniformTypeIdentifier)
          _ = (input?.mediaType, input?.mediaSubtypes, input?.creationDate, input?.audiovisualAsset, info[PHContentEditingInputErrorKey])
        }
        asset.cancelContentEditingInputRequest(id)
      }),
      APIRow(type: "PHContentEditingOutput, PHAdjustmentData", members: "`init(contentEditingInput:)`, `renderedContentURL`, `renderedContentURL(for:)`, `supportedRenderedContentTypes`, `defaultRenderedContentType`, `adjustmentData`; `init(formatIdentifier:formatVersion:data:)`, `formatIdentifier`, `formatVersion`, `data`", status: .supported, note: "write a JPEG (or HEIC) photo or a movie to `renderedContentURL`; `renderedContentURL(for: .heic)` names the render for that type; saving needs adjustment data", uses: {
        let data = PHAdjustmentData(formatIdentifier: "x", formatVersion: "1", data: Data())
        _ = (data.formatIdentifier, data.formatVersion, data.data)
        let output: PHContentEditingOutput? = nil; output?.adjustmentData = data; _ = output?.renderedContentURL
        _ = (output?.supportedRenderedContentTypes, output?.defaultRenderedContentType, try output?.renderedContentURL(for: .heic))
        let _: (PHContentEditingInput) -> PHContentEditingOutput = PHContentEditingOutput.init(contentEditingInput:)
      }),
      APIRow(type: "PHFetchResult, PHFetchOptions", members: "`count`, `object(at:)`, subscript, `firstObject`, `lastObject`, `objects(at:)`, `contains(_:)`, `index(of:)`, `enumerateObjects` (all forms), `countOfAssets(with:)`; `predicate`, `sortDescriptors`, `fetchLimit`, `copy()`", status: .supported, uses: {
        let result = PHAsset.fetchAssets(with: nil); let options = PHFetchOptions()
        _ = (result.count, result.firstObject, result.lastObject, result.objects(at: IndexSet()), result.countOfAssets(with: .image))
        result.enumerateObjects { _, _, _ in }; options.fetchLimit = 1; options.predicate = nil; options.sortDescriptors = nil; _ = options.copy()
      }),
      APIRow(type: "PHAssetCollection", members: "`fetchAssetCollections(with:subtype:options:)` for `.album`, `fetchAssetCollections(withLocalIdentifiers:options:)`, `localizedTitle`, `estimatedAssetCount`", status: .supported, uses: {
        let albums = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil)
        _ = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [], options: nil)
        _ = albums.firstObject.map { ($0.localizedTitle, $0.estimatedAssetCount) }
      }),
      APIRow(type: "PHAssetCollection", members: "`fetchAssetCollectionsContaining(_:with:options:)`", status: .supported, note: "albums and smart albums; moments hold nothing", uses: {
        guard let asset else { return }
        _ = PHAssetCollection.fetchAssetCollectionsContaining(asset, with: .album, options: nil)
      }),
      APIRow(type: "PHAssetCollection, PHCollectionList", members: "`transientAssetCollection(with:title:)`, `transientAssetCollection(withAssetFetchResult:title:)`, `transientCollectionList(with:title:)`, `transientCollectionList(withCollectionsFetchResult:title:)`", status: .supported, note: "collections outside the library; fetching their contents gives back what they were made with", uses: {
        let album = PHAssetCollection.transientAssetCollection(with: [], title: nil)
        _ = PHAssetCollection.transientAssetCollection(withAssetFetchResult: PHAsset.fetchAssets(with: nil), title: nil)
        _ = PHCollectionList.transientCollectionList(with: [album], title: nil)
        _ = PHCollectionList.transientCollectionList(withCollectionsFetchResult: PHCollection.fetchTopLevelUserCollections(with: nil), title: nil)
      }),
      APIRow(type: "PHCollectionList", members: "`fetchCollectionLists(with:subtype:options:)`, `fetchCollectionLists(withLocalIdentifiers:options:)`, `fetchCollectionListsContaining(_:options:)`", status: .supported, note: "folders are the library's subfolders holding albums; there are no smart folders", uses: {
        let folders = PHCollectionList.fetchCollectionLists(with: .folder, subtype: .any, options: nil)
        _ = PHCollectionList.fetchCollectionLists(withLocalIdentifiers: [], options: nil)
        if let folder = folders.firstObject { _ = PHCollectionList.fetchCollectionListsContaining(folder, options: nil) }
      }),
      APIRow(type: "PHAssetCollection, PHCollectionList", members: "`fetchMoments(with:)`, `fetchMoments(inMomentList:options:)`, `fetchMomentLists(with:options:)`, `fetchMomentLists(with:containingMoment:options:)`, `startDate`, `endDate`, `approximateLocation`, `localizedLocationNames`", status: .limited, note: "empty and nil, as on iOS since 13: moments are gone", uses: {
        _ = PHAssetCollection.fetchMoments(with: nil); _ = PHCollectionList.fetchMomentLists(with: .momentListYear, options: nil)
        let album = PHAssetCollection.transientAssetCollection(with: [], title: nil)
        _ = (album.startDate, album.endDate, album.approximateLocation, album.localizedLocationNames)
      }),
      APIRow(type: "PHCollection", members: "`canPerform(_:)`", status: .limited, note: "a regular album: `.addContent`, `.createContent` and `.delete` only", uses: { _ = PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil).firstObject?.canPerform(.addContent) }),
      APIRow(type: "PHAssetChangeRequest", members: "`creationRequestForAssetFromImage(atFileURL:)`, `creationRequestForAssetFromVideo(atFileURL:)`, `creationRequestForAsset(from:)` (a JPEG), `placeholderForCreatedAsset` (its `localIdentifier` fetches the asset after the change)", status: .supported, uses: {
        _ = PHAssetChangeRequest.creationRequestForAssetFromImage(atFileURL: URL(fileURLWithPath: "/"))
        _ = PHAssetChangeRequest.creationRequestForAssetFromVideo(atFileURL: URL(fileURLWithPath: "/"))?.placeholderForCreatedAsset
        if let image = UIImage(contentsOfFile: "") { _ = PHAssetChangeRequest.creationRequestForAsset(from: image) }
      }),
      APIRow(type: "PHAssetChangeRequest", members: "`deleteAssets(_:)`", status: .supported, note: "shows the system's confirmation (“Allow “App” to delete N photos?”), answered by `PhotoKitUser.willConfirmDeletion`; Don’t Allow fails with `userCancelled`; limited apps delete only what they may read; files go to `Recently Deleted/` in the state folder", uses: { PHAssetChangeRequest.deleteAssets([] as NSArray) }),
      APIRow(type: "PHAssetChangeRequest", members: "`init(for:)`, `creationDate`, `location`", status: .limited, note: "a request for an existing asset succeeds unless it sets `creationDate` or `location`: then the change fails with `changeNotSupported`", uses: {
        if let asset { let request = PHAssetChangeRequest(for: asset); request.creationDate = nil; request.location = nil }
      }),
      APIRow(type: "PHAssetChangeRequest", members: "`contentEditingOutput`, `revertAssetContentToOriginal()`", status: .supported, note: "shows the system's confirmation (“Allow “App” to modify this photo?”), answered by `PhotoKitUser.willConfirmModification`; Don’t Allow fails with `userCancelled`; limited apps edit only what they may read; the rendered file and adjustment data are kept in the state folder beside the library's favourites (a library without a state folder keeps no edits: `accessUserDenied`); the original file is never touched", uses: {
        if let asset { let request = PHAssetChangeRequest(for: asset); request.contentEditingOutput = nil; request.revertAssetContentToOriginal() }
      }),
      APIRow(type: "PHAssetCreationRequest", members: "`forAsset()`, `addResource(with:fileURL:options:)`, `addResource(with:data:options:)`, `supportsAssetResourceTypes(_:)`", status: .limited, note: "one photo or video resource per asset; paired Live Photo movies, audio and adjustment data fail with `changeNotSupported`", uses: {
        let request = PHAssetCreationRequest.forAsset()
        request.addResource(with: .photo, data: Data(), options: PHAssetResourceCreationOptions())
        request.addResource(with: .video, fileURL: URL(fileURLWithPath: "/"), options: nil)
        _ = PHAssetCreationRequest.supportsAssetResourceTypes([1])
      }),
      APIRow(type: "PHAssetCollectionChangeRequest", members: "`creationRequestForAssetCollection(withTitle:)`, `init?(for:)`, `init?(for:assets:)`, `placeholderForCreatedAssetCollection`", status: .supported, uses: {
        _ = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "").placeholderForCreatedAssetCollection
      }),
      APIRow(type: "PHAssetCollectionChangeRequest", members: "`addAssets(_:)`, `insertAssets(_:at:)`, `removeAssets(_:)`", status: .limited, note: "only assets created in the same change block can be added (the index is not kept: a folder album is ordered by date); removing fails with `changeNotSupported`", uses: {
        let request = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "")
        request.addAssets([] as NSArray); request.insertAssets([] as NSArray, at: IndexSet()); request.removeAssets([] as NSArray)
      }),
      APIRow(type: "PHAssetCollectionChangeRequest", members: "`deleteAssetCollections(_:)`", status: .limited, note: "shows the system's confirmation (“Allow “App” to delete the album “Trips”?”), answered by `PhotoKitUser.willConfirmDeletion`; full access only; the photos stay in the library: a folder album's files move to the library root (so they get new identifiers) and the emptied folder goes; smart albums fail with `changeNotSupported`", uses: {
        PHAssetCollectionChangeRequest.deleteAssetCollections([] as NSArray)
      }),
      APIRow(type: "PHAssetCollectionChangeRequest, PHCollectionListChangeRequest", members: "`moveAssets(at:to:)`, `replaceAssets(at:withAssets:)`, `removeAssets(at:)`; every `PHCollectionListChangeRequest` member", status: .limited, note: "the change fails with `changeNotSupported` naming the request: a folder album is ordered by date, and folders are the library's subfolders, not changed through PhotoKit", uses: {
        let request = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "")
        request.moveAssets(at: IndexSet(), to: 0); request.replaceAssets(at: IndexSet(), withAssets: [] as NSArray); request.removeAssets(at: IndexSet())
        let folder = PHCollectionListChangeRequest.creationRequestForCollectionList(withTitle: "")
        folder.addChildCollections([] as NSArray); _ = folder.placeholderForCreatedCollectionList
        PHCollectionListChangeRequest.deleteCollectionLists([] as NSArray)
      }),
      APIRow(type: "PHImageManager, PHCachingImageManager, PHImageRequestOptions", members: "`requestImage(for:targetSize:contentMode:options:resultHandler:)`, `requestImageDataAndOrientation(for:options:resultHandler:)`, `requestImageData(for:options:resultHandler:)`, `cancelImageRequest(_:)`, the info keys; options `isSynchronous`, `deliveryMode`, `resizeMode`, `version`, `normalizedCropRect`, `isNetworkAccessAllowed`, `progressHandler`", status: .supported, note: "`version` `.current` reads a saved edit, `.original` and `.unadjusted` the original file; `startCachingImages` decodes ahead into the one byte-bounded image cache that requests read; an asset in iCloud only ([icloud.md](icloud.md)) gives its small version, then needs `isNetworkAccessAllowed` (progress to `progressHandler`, on a background queue) or fails with `networkAccessRequired`", uses: {
        guard let asset else { return }
        let manager = PHImageManager.default()
        let id = manager.requestImage(for: asset, targetSize: PHImageManagerMaximumSize, contentMode: .aspectFit, options: PHImageRequestOptions()) { _, _ in }
        manager.requestImageDataAndOrientation(for: asset, options: nil) { _, _, _, _ in }
        manager.requestImageData(for: asset, options: nil) { _, _, _, _ in }
        manager.cancelImageRequest(id); PHCachingImageManager().stopCachingImagesForAllAssets()
      }),
      APIRow(type: "PHImageManager, PHVideoRequestOptions", members: "`requestAVAsset(forVideo:options:resultHandler:)`, `requestPlayerItem(forVideo:options:resultHandler:)`", status: .limited, note: "an `AVURLAsset` stand-in (file `url`, `duration` as a `CMTime` stand-in, `naturalSize`, `nominalFrameRate`) and an `AVPlayerItem` that plays nothing; the audio mix is nil; `version` `.current` gives a saved edit's movie, `.original` the original; a movie in iCloud only ([icloud.md](icloud.md)) needs `isNetworkAccessAllowed` (progress to `progressHandler`); other options change nothing", uses: {
        guard let asset else { return }
        let options = PHVideoRequestOptions(); options.version = .original; options.deliveryMode = .fastFormat
        PHImageManager.default().requestAVAsset(forVideo: asset, options: options) { avAsset, _, _ in _ = (avAsset as? AVURLAsset)?.url }
        PHImageManager.default().requestPlayerItem(forVideo: asset, options: nil) { _, _ in }
      }),
      APIRow(type: "PHImageManager, AVAssetExportSession", members: "`requestExportSession(forVideo:options:exportPreset:resultHandler:)`, `videoComposition` (`AVVideoComposition`, `AVMutableVideoComposition`)", status: .limited, note: "`AVAssetExportPresetPassthrough` copies the file; other presets, and any video composition, fail when exporting (no encoder on Linux)", uses: {
        guard let asset else { return }
        PHImageManager.default().requestExportSession(forVideo: asset, options: nil, exportPreset: AVAssetExportPresetPassthrough) { session, _ in
          if let session { session.videoComposition = AVMutableVideoComposition(propertiesOf: session.asset); session.exportAsynchronously {} }
        }
      }),
      APIRow(type: "PHAssetResource, PHAssetResourceType", members: "`assetResources(for:)` (an asset or a `PHLivePhoto`), `type`, `assetLocalIdentifier`, `uniformTypeIdentifier`, `originalFilename`, `value(forKey:)` for `\"filename\"` and `\"fileSize\"`; all of Apple's types and raw values", status: .limited, note: "the files in the folder: `.photo` or `.video`, and a Live Photo's `.pairedVideo`; no edited, full-size or adjustment resources (a saved edit is read through image requests and content editing); the type identifier comes from the file's bytes; `value(forKey:)` knows only those keys (no key-value coding on Linux)", uses: {
        guard let asset else { return }
        for resource in PHAssetResource.assetResources(for: asset) {
          _ = (resource.type, resource.assetLocalIdentifier, resource.uniformTypeIdentifier, resource.originalFilename)
          _ = (resource.value(forKey: "filename") as? String, resource.value(forKey: "fileSize") as? Int64)
        }
        _ = [PHAssetResourceType.fullSizePairedVideo, .adjustmentBasePairedVideo, .adjustmentBaseVideo, .photoProxy]
        let livePhoto: PHLivePhoto? = nil
        if let livePhoto { _ = PHAssetResource.assetResources(for: livePhoto) }
      }),
      APIRow(type: "PHAssetResourceManager, PHAssetResourceRequestOptions", members: "`default()`, `requestData(for:options:dataReceivedHandler:completionHandler:)`, `writeData(for:toFile:options:completionHandler:)`, `cancelDataRequest(_:)`, `PHAssetResourceDataRequestID`; options `isNetworkAccessAllowed`, `progressHandler`", status: .supported, note: "the file's bytes in 64 KiB chunks, handlers on a background queue; an asset the app may not read fails with a `PHPhotosError`; `writeData` never replaces an existing file (`CocoaError.fileWriteFileExists`); an asset in iCloud only ([icloud.md](icloud.md)) is downloaded first with `isNetworkAccessAllowed` (progress to `progressHandler`), else fails with `networkAccessRequired`", uses: {
        guard let asset, let resource = PHAssetResource.assetResources(for: asset).first else { return }
        let options = PHAssetResourceRequestOptions(); options.isNetworkAccessAllowed = true; options.progressHandler = { _ in }
        let manager = PHAssetResourceManager.default()
        let id: PHAssetResourceDataRequestID = manager.requestData(for: resource, options: options, dataReceivedHandler: { _ in }, completionHandler: { _ in })
        manager.cancelDataRequest(id)
        manager.writeData(for: resource, toFile: URL(fileURLWithPath: "/nonexistent"), options: nil) { _ in }
      }),
      APIRow(type: "PHLivePhoto, PHLivePhotoRequestOptions", members: "`requestLivePhoto(for:targetSize:contentMode:options:resultHandler:)`, `size`", status: .limited, note: "a Live Photo is a still with a movie of the same name beside it; the result carries both files (`photoURL`, `videoURL`, not Apple API); nothing plays", uses: {
        guard let asset else { return }
        PHImageManager.default().requestLivePhoto(for: asset, targetSize: .zero, contentMode: .aspectFit, options: PHLivePhotoRequestOptions()) { livePhoto, _ in _ = livePhoto?.size }
      }),
      APIRow(type: "PHLivePhoto", members: "`request(withResourceFileURLs:placeholderImage:targetSize:contentMode:resultHandler:)`, `cancelRequest(withRequestID:)`, `init?(coder:)`", status: .supported, note: "the two files' headers are read off the main thread; the handler runs once on the main queue, with nil and an `invalidResource` error unless the URLs are one still and one movie", uses: {
        let id = PHLivePhoto.request(withResourceFileURLs: [], placeholderImage: nil, targetSize: .zero, contentMode: .aspectFit) { _, _ in }
        PHLivePhoto.cancelRequest(withRequestID: id)
      }),
      APIRow(type: "PHLivePhotoView, PHLivePhotoViewDelegate", members: "`livePhoto`, `delegate`, `startPlayback(with:)`, `stopPlayback()`, `isMuted`, `contentsRect`, `playbackGestureRecognizer`, `livePhotoBadgeImage(options:)`; the delegate's `canBeginPlaybackWith`, `willBeginPlaybackWith`, `didEndPlaybackWith`, `extraMinimumTouchDurationFor`", status: .limited, note: "nothing is drawn or heard, but playback runs on the main queue for the movie's length (a hint at most a second), with the delegate calls; the long press plays in full until the finger lifts (touches come from tests: `press(_:for:)`, `lift()`); the badge is drawn (28 points at screen scale)", uses: {
        let view = PHLivePhotoView(frame: .zero); view.livePhoto = nil; view.isMuted = true; _ = (view.delegate, view.contentsRect, view.playbackGestureRecognizer)
        view.startPlayback(with: .hint); view.stopPlayback(); _ = PHLivePhotoView.livePhotoBadgeImage(options: [.overContent, .liveOff])
      }),
      APIRow(type: "PHLivePhoto", members: "`PHLivePhotoEditingContext`, `PHLivePhotoFrame`, `PHLivePhotoEditingOption`", status: .absent),
      APIRow(type: "PHPhotosError", members: "domain, every code with Apple's raw value (`userCancelled` 3072, `limitExceeded` 3307, `accessUserDenied` 3311…), `init(_:userInfo:)`, `userInfo`, `PHLocalIdentifiersErrorKey`, `catch PHPhotosError.userCancelled`", status: .supported, uses: {
        _ = (PHPhotosError.errorDomain, PHPhotosError.userCancelled, PHPhotosError(.limitExceeded, userInfo: [:]).userInfo[PHLocalIdentifiersErrorKey])
        do { try library.performChangesAndWait {} } catch PHPhotosError.userCancelled {} catch {}
      }),
      APIRow(type: "PHPickerViewController, PHPickerViewControllerDelegate", members: "`init(configuration:)`, `delegate`, `picker(_:didFinishPicking:)` (on the main queue)", status: .supported, note: "no permission is asked; it offers the whole library but hidden photos, whatever the app's access; the user's picks come from `PhotoKitUser.willPickInPhotoPicker` when the picker appears", uses: {
        let picker = PHPickerViewController(configuration: PHPickerConfiguration()); _ = picker.delegate; _ = picker.configuration
      }),
      APIRow(type: "PHPickerConfiguration", members: "`init()`, `init(photoLibrary:)`, `filter`, `selectionLimit`, `selection` (`.ordered`), `preselectedAssetIdentifiers`", status: .supported, note: "identifiers only with `init(photoLibrary:)`; fetching them is limited by the app's access", uses: {
        var configuration = PHPickerConfiguration(photoLibrary: .shared()); configuration.filter = .images
        configuration.selectionLimit = 0; configuration.selection = .ordered; configuration.preselectedAssetIdentifiers = []
      }),
      APIRow(type: "PHPickerConfiguration", members: "`preferredAssetRepresentationMode`", status: .limited, note: "every mode hands over the file as stored (nothing is transcoded)", uses: { var configuration = PHPickerConfiguration(); configuration.preferredAssetRepresentationMode = .compatible }),
      APIRow(type: "PHPickerFilter", members: "`.images`, `.videos`, `.livePhotos`, `.slomoVideos`, `.timelapseVideos`, `.any(of:)`, `.all(of:)`, `.not(_:)`", status: .supported, uses: { _ = PHPickerFilter.all(of: [.any(of: [.images, .videos, .slomoVideos, .timelapseVideos]), .not(.livePhotos)]) }),
      APIRow(type: "PHPickerFilter", members: "`.screenshots`, `.panoramas`, `.depthEffectPhotos`, `.bursts`, `.cinematicVideos`", status: .limited, note: "match nothing: the folder library cannot tell them", uses: { _ = [PHPickerFilter.screenshots, .panoramas, .depthEffectPhotos, .bursts, .cinematicVideos] }),
      APIRow(type: "PHPickerViewController, PHPickerConfiguration.Update", members: "`deselectAssets(withIdentifiers:)`, `moveAsset(withIdentifier:afterAssetWithIdentifier:)`, `updatePicker(using:)`", status: .supported, note: "change the user's selection; a continuous picker's delegate hears each change on the main queue; nothing happens for ids not selected or without `init(photoLibrary:)`", uses: {
        let picker = PHPickerViewController(configuration: PHPickerConfiguration())
        picker.deselectAssets(withIdentifiers: []); picker.moveAsset(withIdentifier: "", afterAssetWithIdentifier: nil)
        var update = PHPickerConfiguration.Update(); update.selectionLimit = 1; picker.updatePicker(using: update)
      }),
      APIRow(type: "PHPickerViewController, PHPickerConfiguration", members: "`zoomIn()`, `zoomOut()`, `scrollToInitialPosition()`; `mode`, `disabledCapabilities`, `edgesWithoutContentMargins`", status: .limited, note: "they change only what would be drawn, and nothing is drawn on Linux: the picks stay the scripted user's", uses: {
        let picker = PHPickerViewController(configuration: PHPickerConfiguration()); picker.zoomIn(); picker.zoomOut(); picker.scrollToInitialPosition()
        var configuration = PHPickerConfiguration(); configuration.mode = .compact; configuration.disabledCapabilities = [.search]; configuration.edgesWithoutContentMargins = .all
      }),
      APIRow(type: "PHPickerFilter", members: "`.playbackStyle(_:)`", status: .supported, uses: { _ = PHPickerFilter.playbackStyle(.livePhoto) }),
      APIRow(type: "PHPickerFilter", members: "`.screenRecordings`, `.spatialMedia`", status: .limited, note: "match nothing: the folder library cannot tell them", uses: { _ = [PHPickerFilter.screenRecordings, .spatialMedia] }),
      APIRow(type: "PHContentEditingController", members: "the protocol", status: .limited, note: "for photo editing extensions; Linux has no Photos app to host them, so only a test calls its methods", uses: {
        let _: (any PHContentEditingController)? = nil
      }),
      APIRow(type: "PHPickerResult, NSItemProvider", members: "`itemProvider`, `assetIdentifier`; `registeredTypeIdentifiers`, `hasItemConformingToTypeIdentifier(_:)`, `canLoadObject(ofClass:)`, `loadObject(ofClass: UIImage.self)`, `loadFileRepresentation(forTypeIdentifier:)`, `loadDataRepresentation(forTypeIdentifier:)`, `suggestedName`", status: .supported, note: "handlers run on a background queue; a Live Photo also offers its movie as `public.movie`", uses: {
        let result: PHPickerResult? = nil; _ = result?.assetIdentifier
        guard let provider = result?.itemProvider else { return }
        _ = (provider.registeredTypeIdentifiers, provider.suggestedName, provider.hasItemConformingToTypeIdentifier("public.image"), provider.canLoadObject(ofClass: UIImage.self))
        provider.loadObject(ofClass: UIImage.self) { _, _ in }
        provider.loadFileRepresentation(forTypeIdentifier: "public.image") { _, _ in }
        provider.loadDataRepresentation(forTypeIdentifier: "public.image") { _, _ in }
      }),
      APIRow(type: "NSItemProvider", members: "`loadObject(ofClass: PHLivePhoto.self)`, `loadTransferable(type:)`, `loadItem(forTypeIdentifier:options:)`", status: .absent),
    ] }

    /// The table as the guide shows it.
    static var markdown: String {
      var lines = ["| type | members | status | what happens |", "|---|---|---|---|"]
      for row in rows {
        lines.append("| \(row.type) | \(row.members) | \(row.status.rawValue) | \(row.note) |")
      }
      return lines.joined(separator: "\n")
    }

    static let guide = TestPaths.packageRoot.appendingPathComponent(
      "docs/photokit-compat-guide.md")
    static let begin = "<!-- api-table: generated by APITableTests.swift -->"
    static let end = "<!-- end of api-table -->"

    /// Run with `PHOTOKIT_API_TABLE=write` to write the table into the guide.
    @Test func theGuidesTableIsThisList() throws {
      let text = try String(contentsOf: Self.guide, encoding: .utf8)
      let start = try #require(text.range(of: Self.begin), "the guide has no API table marker")
      let stop = try #require(text.range(of: Self.end), "the guide has no end marker")
      let table = text[start.upperBound..<stop.lowerBound].trimmingCharacters(in: .newlines)
      if ProcessInfo.processInfo.environment["PHOTOKIT_API_TABLE"] == "write" {
        let updated = text.replacingCharacters(
          in: start.upperBound..<stop.lowerBound, with: "\n" + Self.markdown + "\n")
        try updated.write(to: Self.guide, atomically: true, encoding: .utf8)
        return
      }
      #expect(table == Self.markdown, "regenerate with PHOTOKIT_API_TABLE=write")
    }

    /// Every row that claims members names them in compiled code; absent rows name none.
    @Test func everyClaimedMemberIsUsedInCode() {
      for row in Self.rows {
        #expect((row.uses != nil) == (row.status != .absent), "\(row.type): \(row.members)")
        #expect(!row.members.isEmpty)
        #expect(row.status != .limited || !row.note.isEmpty, "limited rows say what happens")
      }
    }
  }
}
