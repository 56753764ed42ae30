import Foundation
import ImageDecoding
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import TestSupport
import Testing

/// An observer that records every change it is told about, and on which thread.
final class ChangeRecorder: NSObject, PHPhotoLibraryChangeObserver, @unchecked Sendable {
  let changes = Recorder<PHChange>()
  let onMainThread = Recorder<Bool>()

  func photoLibraryDidChange(_ changeInstance: PHChange) {
    onMainThread.append(Thread.isMainThread)
    changes.append(changeInstance)
  }
}

extension PhotoKitCompatTests {
  /// The permission model through PhotoKit's API: threading, limited access and the automatic
  /// alert, reading and writing, the termination, fetch options and change details.
  @Suite struct Behaviour {
    // MARK: Threading

    @MainActor @Test func handlersAndObserversNeverRunOnTheMainThread() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["mid.png"], picks: [.done(adding: ["new.jpg"])])
      let recorder = ChangeRecorder()
      PHPhotoLibrary.shared().register(recorder)
      let threads = Recorder<Bool>()
      // Already decided: iOS still calls back on a background queue, not synchronously.
      PHPhotoLibrary.requestAuthorization(for: .readWrite) { _ in
        threads.append(Thread.isMainThread)
      }
      PHPhotoLibrary.requestAuthorization { _ in threads.append(Thread.isMainThread) }
      PHPhotoLibrary.shared().presentLimitedLibraryPicker(from: UIViewController()) { _ in
        threads.append(Thread.isMainThread)
      }
      PHPhotoLibrary.shared().performChanges({}) { _, _ in threads.append(Thread.isMainThread) }
      try await threads.wait { $0.count == 4 }
      try await recorder.changes.wait { !$0.isEmpty }
      #expect(threads.all == [false, false, false, false])
      #expect(!recorder.onMainThread.all.contains(true))
    }

    // MARK: Limited access (permission-model#limited-access)

    @Test func limitedFetchesSeeOnlyTheSelectionAndOwnCreations() throws {
      let device = try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["Trips/beach.jpg", "old.jpg"])
      #expect(
        PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)) == ["old.jpg", "Trips/beach.jpg"])
      #expect(
        PHAsset.fetchAssets(withLocalIdentifiers: ["new.jpg", "old.jpg"], options: nil).count == 1)
      var placeholder: PHObjectPlaceholder?
      try PHPhotoLibrary.shared().performChangesAndWait {
        placeholder =
          PHAssetChangeRequest.creationRequestForAssetFromImage(
            atFileURL: PhotoKitCompatTests.imageToSave)?.placeholderForCreatedAsset
      }
      let created = PHAsset.fetchAssets(
        withLocalIdentifiers: [try #require(placeholder).localIdentifier], options: nil)
      #expect(created.count == 1)
      #expect(PHAsset.fetchAssets(with: nil).count == 3)
      #expect(try device.session.state().limitedSelection.count == 3)
      #expect(
        PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil).count
          == 0)
    }

    @Test func albumCreationIsRefusedUnderLimitedAndNothingIsSaved() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .limited)
      let before = try device.session.backend.allAssets().count
      #expect {
        try PHPhotoLibrary.shared().performChangesAndWait {
          let asset = PHAssetChangeRequest.creationRequestForAssetFromImage(
            atFileURL: PhotoKitCompatTests.imageToSave)
          let album = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(
            withTitle: "Holidays")
          album.addAssets([asset!.placeholderForCreatedAsset!] as NSArray)
        }
      } throws: { error in
        (error as? PHPhotosError)?.code == .accessUserDenied
      }
      #expect(try device.session.backend.allAssets().count == before)
    }

    @Test func fullAccessCreatesTheAlbumWithTheAsset() async throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      var albumPlaceholder: PHObjectPlaceholder?
      try await PHPhotoLibrary.shared().performChanges {
        let asset = PHAssetCreationRequest.forAsset()
        let options = PHAssetResourceCreationOptions()
        options.originalFilename = "cup.jpg"
        asset.addResource(with: .photo, fileURL: PhotoKitCompatTests.imageToSave, options: options)
        let album = PHAssetCollectionChangeRequest.creationRequestForAssetCollection(
          withTitle: "Holidays")
        album.addAssets([asset.placeholderForCreatedAsset!] as NSArray)
        albumPlaceholder = album.placeholderForCreatedAssetCollection
      }
      let albums = PHAssetCollection.fetchAssetCollections(
        withLocalIdentifiers: [try #require(albumPlaceholder).localIdentifier], options: nil)
      let album = try #require(albums.firstObject)
      #expect(album.localizedTitle == "Holidays")
      #expect(
        PhotoKitCompatTests.ids(PHAsset.fetchAssets(in: album, options: nil)) == [
          "Holidays/cup.jpg"
        ])
    }

    @Test func albumsAreTheSubfoldersOnlyWithFullAccess() throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let device = try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let albums = PHAssetCollection.fetchAssetCollections(
        with: .album, subtype: .albumRegular, options: nil)
      #expect(albums.count == 1)
      #expect(albums.firstObject?.localizedTitle == "Trips")
      #expect(albums.firstObject?.estimatedAssetCount == 1)
      #expect(
        PHAssetCollection.fetchAssetCollections(with: .smartAlbum, subtype: .any, options: nil)
          .count == SmartAlbum.allCases.count)
      let trips = try #require(albums.firstObject)
      #expect(
        PhotoKitCompatTests.ids(PHAsset.fetchAssets(in: trips, options: nil)) == ["Trips/cat.png"])
      try device.session.apply(.grant, to: .photosLimited)
      #expect(
        PHAssetCollection.fetchAssetCollections(with: .album, subtype: .any, options: nil).count
          == 0)
    }

    @Test func theLegacyRequestReportsLimitedAsAuthorizedWithoutAPrompt() async throws {
      let device = try PhotoKitCompatTests.install(readWrite: .limited)
      let status = await withCheckedContinuation { continuation in
        PHPhotoLibrary.requestAuthorization { continuation.resume(returning: $0) }
      }
      #expect(status == .authorized)
      #expect(PHPhotoLibrary.authorizationStatus() == .authorized)
      #expect(device.user.prompts.isEmpty)
    }

    // MARK: Add-only (permission-model#reading-and-writing)

    @Test func addOnlySavesButCannotReadBack() throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      try PhotoKitCompatTests.install(readWrite: .denied, addOnly: .authorized, library: library)
      var placeholder: PHObjectPlaceholder?
      try PHPhotoLibrary.shared().performChangesAndWait {
        placeholder =
          PHAssetChangeRequest.creationRequestForAssetFromImage(
            atFileURL: PhotoKitCompatTests.imageToSave)?.placeholderForCreatedAsset
      }
      #expect(
        FileManager.default.fileExists(
          atPath: library.appendingPathComponent("coffee-cup-progressive.jpg").path))
      let identifier = try #require(placeholder).localIdentifier
      #expect(PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: nil).count == 0)
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
      #expect(throws: PHPhotosError.self) {
        try PHPhotoLibrary.shared().performChangesAndWait {
          PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: "Mine")
        }
      }
    }

    @Test func deniedCannotSaveAtAll() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .denied, addOnly: .denied)
      #expect {
        try PHPhotoLibrary.shared().performChangesAndWait {
          PHAssetChangeRequest.creationRequestForAssetFromImage(
            atFileURL: PhotoKitCompatTests.imageToSave)
        }
      } throws: { ($0 as? PHPhotosError)?.code == .accessUserDenied }
      #expect(try device.session.backend.allAssets().count == PhotoKitCompatTests.ids.count)
    }

    // MARK: Images

    @Test func imagesFitTheTargetSizeOnlyWhenReadable() throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let device = try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let asset = try #require(
        PHAsset.fetchAssets(withLocalIdentifiers: ["grace.jpg"], options: nil).firstObject)
      let options = PHImageRequestOptions()
      options.isSynchronous = true
      options.resizeMode = .exact
      var image: UIImage?
      PHImageManager.default().requestImage(
        for: asset, targetSize: CGSize(width: 64, height: 64), contentMode: .aspectFit,
        options: options
      ) { result, _ in image = result }
      let fitted = try #require(image)
      #expect(max(fitted.size.width, fitted.size.height) == 64)
      // The same asset once read/write is denied: nil and an error.
      try device.session.apply(.revoke, to: .photos)
      var info: [AnyHashable: Any]?
      image = nil
      PHImageManager.default().requestImage(
        for: asset, targetSize: PHImageManagerMaximumSize, contentMode: .default, options: options
      ) { result, details in
        image = result
        info = details
      }
      #expect(image == nil)
      #expect((info?[PHImageErrorKey] as? PHPhotosError)?.code == .identifierNotFound)
    }

    // MARK: The automatic limited-access alert (permission-model#limited-access)

    @Test func automaticAlertShowsOnceAtTheFirstFetchOfALaunch() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .limited, selection: ["mid.png"])
      #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .limited)
      #expect(device.user.automaticAlerts.isEmpty)
      _ = PHAsset.fetchAssets(with: nil)
      _ = PHAsset.fetchAssets(with: nil)
      #expect(device.user.automaticAlerts.count == 1)
      let next = device.relaunch()
      _ = PHAsset.fetchAssets(with: nil)
      #expect(next.user.automaticAlerts.count == 2)
    }

    @Test func automaticAlertNeverShowsWithThePreventKey() throws {
      let device = try PhotoKitCompatTests.install(
        infoPlist: [
          "NSPhotoLibraryUsageDescription": "Pick photos.",
          "PHPhotoLibraryPreventAutomaticLimitedAccessAlert": true,
        ], readWrite: .limited)
      _ = PHAsset.fetchAssets(with: nil)
      #expect(device.user.automaticAlerts.isEmpty)
    }

    @Test func automaticAlertNeverFollowsChoosingLimitedInTheSameLaunch() async throws {
      let device = try PhotoKitCompatTests.install(
        answers: [.limited], picks: [.done(adding: ["mid.png"])])
      #expect(await PHPhotoLibrary.requestAuthorization(for: .readWrite) == .limited)
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)) == ["mid.png"])
      #expect(device.user.automaticAlerts.isEmpty)
    }

    @Test func selectMorePhotosInTheAlertOpensThePicker() throws {
      let terminations = Recorder<AppTermination>()
      let device = try PhotoKitDevice.install(
        readWrite: .limited, selection: ["a"], assets: ["a", "b", "c"],
        picks: [.done(adding: ["c"])], alert: .selectMorePhotos,
        onTermination: { terminations.append($0) })
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)) == ["c", "a"])
      #expect(device.user.limitedPickers == [["a"]])
    }

    // MARK: Termination (permission-model#requests-and-prompts)

    @Test(arguments: [
      (PHAccessLevel.addOnly, [String: String](), "NSPhotoLibraryAddUsageDescription"),
      (
        .readWrite, ["NSPhotoLibraryAddUsageDescription": "Save."], "NSPhotoLibraryUsageDescription"
      ),
    ])
    func missingUsageDescriptionTerminatesTheApp(
      level: PHAccessLevel, plist: [String: String], key: String
    ) async throws {
      let terminations = Recorder<AppTermination>()
      let device = try PhotoKitCompatTests.install(
        infoPlist: plist, answers: [.allow], terminations: terminations)
      let called = Recorder<PHAuthorizationStatus>()
      PHPhotoLibrary.requestAuthorization(for: level) { called.append($0) }
      try await terminations.wait { !$0.isEmpty }
      #expect(terminations.all == [.missingUsageDescription(key: key)])
      #expect(terminations.all.first?.consoleMessage.contains("must contain an \(key) key") == true)
      #expect(device.user.prompts.isEmpty)
      #expect(called.all.isEmpty)
    }

    @Test func aTerminatedAppIsTerminatedOnceAndRefusedAfterwards() async throws {
      let terminations = Recorder<AppTermination>()
      try PhotoKitCompatTests.install(
        infoPlist: [:], readWrite: .authorized, terminations: terminations)
      #expect(PHAsset.fetchAssets(with: nil).count == PhotoKitCompatTests.ids.count)
      _ = await PHPhotoLibrary.requestAuthorization(for: .addOnly)
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
      #expect(throws: PHPhotosError.self) {
        try PHPhotoLibrary.shared().performChangesAndWait {
          PHAssetChangeRequest.creationRequestForAssetFromImage(
            atFileURL: PhotoKitCompatTests.imageToSave)
        }
      }
      #expect(terminations.count == 1)
    }

    @Test func aResponderAnswersFromThePromptItSees() async throws {
      let device = try PhotoKitDevice.install(
        assets: ["a.jpg"],
        responder: PhotoKitDevice.Responder(
          answerPrompt: { $0.level == .addOnly ? .allow : .deny },
          pickLimited: { session, _ in session.cancel },
          answerAlert: { _ in nil }))
      #expect(await PHPhotoLibrary.requestAuthorization(for: .readWrite) == .denied)
      #expect(await PHPhotoLibrary.requestAuthorization(for: .addOnly) == .authorized)
      #expect(device.user.prompts.map(\.level) == [.readWrite, .addOnly])
    }

    @Test func aSettingsChangeTerminatesAndTheRelaunchSeesIt() throws {
      let terminations = Recorder<AppTermination>()
      let device = try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["mid.png"], terminations: terminations)
      #expect(PHAsset.fetchAssets(with: nil).count == 1)
      device.chooseInSettings(.allPhotos)
      #expect(terminations.all == [.settingsChanged(from: .selectedPhotos, to: .allPhotos)])
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
      device.relaunch()
      #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .authorized)
      #expect(PHAsset.fetchAssets(with: nil).count == PhotoKitCompatTests.ids.count)
      #expect(terminations.count == 1)
    }

    @Test func addOnlyWithoutItsKeyBecomesAReadWriteRequest() async throws {
      let device = try PhotoKitCompatTests.install(
        infoPlist: ["NSPhotoLibraryUsageDescription": "Pick photos."], answers: [.allow])
      #expect(await PHPhotoLibrary.requestAuthorization(for: .addOnly) == .authorized)
      #expect(device.user.prompts.first?.isUpgraded == true)
      #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .authorized)
    }

    // MARK: Fetch options

    @Test func fetchOptionsSortAndLimit() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let ids = PhotoKitCompatTests.ids
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: nil)) == ids.reversed())
      let newestFirst = PHFetchOptions()
      newestFirst.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: newestFirst)) == ids)
      newestFirst.fetchLimit = 2
      let limited = PHAsset.fetchAssets(with: newestFirst)
      #expect(PhotoKitCompatTests.ids(limited) == Array(ids.prefix(2)))
      #expect(limited.firstObject?.localIdentifier == "new.jpg")
      #expect(limited.lastObject?.localIdentifier == "Trips/beach.jpg")
      #expect(limited[1].localIdentifier == "Trips/beach.jpg")
      let byName = PHFetchOptions()
      byName.sortDescriptors = [NSSortDescriptor(key: "localIdentifier", ascending: true)]
      #expect(PhotoKitCompatTests.ids(PHAsset.fetchAssets(with: byName)) == ids.sorted())
      let all = PHAsset.fetchAssets(with: nil)
      #expect(all.contains(limited[0]))
      #expect(all.index(of: limited[0]) == ids.count - 1)
    }

    @Test func theLibraryHoldsImagesOnly() throws {
      try PhotoKitCompatTests.install(readWrite: .authorized)
      let images = PHAsset.fetchAssets(with: .image, options: nil)
      #expect(images.count == PhotoKitCompatTests.ids.count)
      #expect(images.countOfAssets(with: .image) == images.count)
      #expect(PHAsset.fetchAssets(with: .video, options: nil).count == 0)
      #expect(images.firstObject?.mediaType == .image)
    }

    // MARK: Change details (every selection change notifies observers)

    @Test func selectionChangesArriveWithChangeDetails() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["mid.png", "old.jpg"],
        picks: [.done(adding: ["new.jpg"], removing: ["old.jpg"])])
      let before = PHAsset.fetchAssets(with: nil)
      let recorder = ChangeRecorder()
      PHPhotoLibrary.shared().register(recorder)
      let added = await PHPhotoLibrary.shared().presentLimitedLibraryPicker(
        from: UIViewController())
      #expect(added == ["new.jpg"])
      try await recorder.changes.wait { !$0.isEmpty }
      let details = try #require(recorder.changes.all.first?.changeDetails(for: before))
      #expect(details.hasIncrementalChanges)
      #expect(details.insertedObjects.map(\.localIdentifier) == ["new.jpg"])
      #expect(details.removedObjects.map(\.localIdentifier) == ["old.jpg"])
      #expect(details.changedObjects.isEmpty)
      #expect(PhotoKitCompatTests.ids(details.fetchResultAfterChanges) == ["mid.png", "new.jpg"])
      PHPhotoLibrary.shared().unregisterChangeObserver(recorder)
    }

    @Test func newFilesInTheFolderReachObserversWithChangeDetails() async throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      try PhotoKitCompatTests.install(readWrite: .authorized, library: library)
      let before = PHAsset.fetchAssets(with: nil)
      let recorder = ChangeRecorder()
      PHPhotoLibrary.shared().register(recorder)
      try FileManager.default.copyItem(
        at: PhotoKitCompatTests.imageToSave, to: library.appendingPathComponent("cup.jpg"))
      try await recorder.changes.wait { changes in
        changes.contains { $0.changeDetails(for: before)?.insertedObjects.isEmpty == false }
      }
      let details = recorder.changes.all.compactMap { $0.changeDetails(for: before) }.last
      #expect(details?.insertedObjects.map(\.localIdentifier) == ["cup.jpg"])
      #expect(details?.fetchResultAfterChanges.count == 3)
    }

    @Test func pickerDoesNothingUnlessLimited() async throws {
      let device = try PhotoKitCompatTests.install(readWrite: .authorized)
      #expect(
        await PHPhotoLibrary.shared().presentLimitedLibraryPicker(from: UIViewController()) == [])
      #expect(device.user.limitedPickers.isEmpty)
    }

    // MARK: Robustness

    @Test func aDamagedStateFileGrantsNothingAndIsReported() throws {
      let stateDirectory = try TestPaths.makeTemporaryDirectory("photokit-state")
      let device = try PhotoKitDevice.install(
        readWrite: .authorized, assets: ["a.jpg"], stateDirectory: stateDirectory)
      let errors = Recorder<String>()
      device.onError { errors.append("\($0)") }
      #expect(PHAsset.fetchAssets(with: nil).count == 1)
      let file = try StateDirectory(url: stateDirectory).fileURL(forBundleID: "com.example.app")
      try Data("{ not json".utf8).write(to: file)
      #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .denied)
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
      #expect(errors.count == 2)
      #expect(errors.all.allSatisfy { $0.contains(file.lastPathComponent) })
    }

    @Test func observersRegisteredAtOnceHearEachChangeOnce() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .limited, selection: ["mid.png"],
        picks: [.done(adding: ["old.jpg"]), .done(adding: ["new.jpg"])])
      let recorders = (0..<8).map { _ in ChangeRecorder() }
      DispatchQueue.concurrentPerform(iterations: recorders.count) { index in
        PHPhotoLibrary.shared().register(recorders[index])
      }
      #expect(
        await PHPhotoLibrary.shared().presentLimitedLibraryPicker(from: UIViewController()) == [
          "old.jpg"
        ])
      for recorder in recorders {
        try await recorder.changes.wait { !$0.isEmpty }
      }
      // Notices run in order on one serial queue: once the last observer heard the change,
      // a duplicate would already have been delivered.
      let last = ChangeRecorder()
      PHPhotoLibrary.shared().register(last)
      _ = await PHPhotoLibrary.shared().presentLimitedLibraryPicker(from: UIViewController())
      try await last.changes.wait { !$0.isEmpty }
      #expect(recorders.map(\.changes.count) == Array(repeating: 2, count: recorders.count))
      #expect(last.changes.count == 1)
    }

    // MARK: Names and raw values (permission-model#names-and-raw-values)

    @Test func rawValuesMirrorPhotoKit() {
      #expect(PHAuthorizationStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
      #expect(PHAuthorizationStatus(rawValue: 4) == .limited)
      #expect(PHAccessLevel.addOnly.rawValue == 1)
      #expect(PHAccessLevel.readWrite.rawValue == 2)
      #expect(PHAssetMediaType.image.rawValue == 1)
      #expect(PHAssetCollectionType.album.rawValue == 1)
      #expect(PHAssetCollectionSubtype.albumRegular.rawValue == 2)
      #expect(PHAssetCollectionSubtype.any.rawValue == Int.max)
      #expect(PHImageContentMode.default == .aspectFit)
      #expect(PHPhotosError.Code.accessUserDenied.rawValue == 3311)
    }
  }
}
