import Foundation
import ImageDecoding
import PhotoLibrary

/// Performing changes: new assets (camera roll or an album) and new albums, allowed or refused
/// by the engine (docs/permission-model.md#reading-and-writing).
extension PHPhotoLibrary {
  /// Runs `changeBlock` on PhotoKit's change queue, then performs its requests. They are
  /// checked together before anything is written, so a refusal (an album under limited access,
  /// any save while denied) changes nothing; a file that fails to import midway leaves the
  /// assets imported before it. `completionHandler` gets `(true, nil)` or
  /// `(false, PHPhotosError)` on a background queue.
  public func performChanges(
    _ changeBlock: @escaping () -> Void,
    completionHandler: ((Bool, (any Error)?) -> Void)? = nil
  ) {
    let device = device
    let block = UncheckedSendable(changeBlock)
    let completion = UncheckedSendable(completionHandler)
    device.changeQueue.async {
      let result = device.perform(block.value)
      // A deletion confirmation nobody answers stays up: the handler is never called.
      guard let handler = completion.value, result?.code != .confirmationUnanswered else {
        return
      }
      let call = UncheckedSendable { handler(result == nil, result) }
      device.queue.async { call.value() }
    }
  }

  /// The `async` form of `performChanges(_:completionHandler:)`. Where a device would never
  /// return (a deletion confirmation nobody answers), this throws
  /// `confirmationUnanswered`.
  public func performChanges(_ changeBlock: @escaping () -> Void) async throws {
    let device = device
    let block = UncheckedSendable(changeBlock)
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      device.changeQueue.async {
        if let error = device.perform(block.value) {
          continuation.resume(throwing: error)
        } else {
          continuation.resume()
        }
      }
    }
  }

  /// Runs `changeBlock` and performs its requests before returning (never call it on the
  /// main thread of an app, as on iOS). Throws a `PHPhotosError` when refused.
  public func performChangesAndWait(_ changeBlock: () -> Void) throws {
    if let error = device.changeQueue.sync(execute: { device.perform(changeBlock) }) {
      throw error
    }
  }
}

extension PhotoKitDevice {
  /// Collects the requests of `changeBlock` and performs them; nil on success.
  func perform(_ changeBlock: () -> Void) -> PHPhotosError? {
    let transaction = ChangeTransaction()
    transaction.run(changeBlock)
    do {
      try commit(transaction)
      return nil
    } catch let error as PHPhotosError {
      return error
    } catch {
      handle(error)
      return PHPhotosError(.invalid, "\(error)")
    }
  }

  /// Checks every request against the engine's access before doing anything, then deletes
  /// (after the user's confirmation) and imports.
  private func commit(_ transaction: ChangeTransaction) throws {
    if let problem = transaction.problems.first {
      throw PHPhotosError(.changeNotSupported, problem)
    }
    if let failure = transaction.failures.first { throw failure }
    let assets = transaction.assetRequests.filter { $0.editedAsset == nil }
    let edits = transaction.assetRequests.filter { $0.editedAsset != nil }
    let albums = transaction.collectionRequests
    let deletions = transaction.deletions
    let albumDeletions = transaction.albumDeletions
    guard
      !assets.isEmpty || !albums.isEmpty || !edits.isEmpty || !deletions.isEmpty
        || !albumDeletions.isEmpty
    else { return }
    // Only adding photos, with add-only access granted, is no use of the library: no
    // read/write prompt comes up by itself (that is what add-only access is for).
    let addsOnly = albums.isEmpty && edits.isEmpty && deletions.isEmpty && albumDeletions.isEmpty
    let addOnlyGranted = (try? session.authorizationStatus(for: .addOnly)) == .authorized
    if !(addsOnly && addOnlyGranted) {
      try mapEngineErrors { try session.beginLibraryAccess() }
    }
    let access = try mapEngineErrors { try session.access() }
    let describe = "\(PHAuthorizationStatus(readWriteStatus()))"
    if !(albums.isEmpty && albumDeletions.isEmpty) && !access.canUseAlbums {
      throw PHPhotosError(
        .accessUserDenied, "cannot create or add to an album with \(describe) read/write access")
    }
    if !assets.isEmpty && !access.canAddToCameraRoll {
      throw PHPhotosError(.accessUserDenied, "cannot add to the library: access is \(describe)")
    }
    try checkEdits(edits, access: access)
    if let album = albums.first(where: { !$0.removed.isEmpty }) {
      throw PHPhotosError(
        .changeNotSupported,
        "assets cannot be removed from album '\(album.title)' without being deleted: in the "
          + "folder library an asset is its file in the album folder (PhotoKitCompat)")
    }
    // Which album each new asset goes to (the first request adding its placeholder).
    var albumOf: [ObjectIdentifier: String] = [:]
    for album in albums {
      for object in album.added {
        guard let request = assets.first(where: { $0.placeholderForCreatedAsset === object })
        else {
          throw PHPhotosError(
            .changeNotSupported,
            "'\(object.localIdentifier)' cannot be added to album '\(album.title)': only assets "
              + "created in the same change block can be (PhotoKitCompat)")
        }
        albumOf[ObjectIdentifier(request)] = albumOf[ObjectIdentifier(request)] ?? album.title
      }
    }
    for edit in edits {
      try mapEngineErrors { try edit.applyAttributes(in: session) }
    }
    for edit in edits where edit.contentEditingOutput != nil || edit.revertsContent {
      try saveContent(of: edit)
    }
    if !deletions.isEmpty {
      try delete(deletions)
    }
    if !albumDeletions.isEmpty {
      try deleteAlbums(albumDeletions)
    }
    for request in assets {
      let asset = try importAsset(request, album: albumOf[ObjectIdentifier(request)])
      if let placeholder = request.placeholderForCreatedAsset {
        phone.launch.recordCreatedAsset(asset.id, placeholder: placeholder.localIdentifier)
      }
    }
    for album in albums where album.creates {
      let title = album.title
      phone.launch.recordCreatedAlbum(
        title, placeholder: album.placeholderForCreatedAssetCollection.localIdentifier,
        empty: album.added.isEmpty)
    }
  }

  /// Imports one requested asset through the engine.
  private func importAsset(_ request: PHAssetChangeRequest, album: String?) throws -> Asset {
    let staging = try stage(request)
    defer {
      if staging.isTemporary { FileContents.remove(staging.url.deletingLastPathComponent()) }
    }
    let asset = try mapEngineErrors { try session.add(fileAt: staging.url, album: album) }
    if request.moveFile, let source = request.fileURL {
      FileContents.remove(source)
    }
    return asset
  }

  /// The file to import: the request's own, or a temporary copy named as asked.
  private func stage(_ request: PHAssetChangeRequest) throws -> (url: URL, isTemporary: Bool) {
    if let url = request.fileURL, request.originalFilename == nil {
      do {
        try FileContents.checkReadable(url)
      } catch {
        throw PHPhotosError(.invalidResource, "\(error)")
      }
      return (url, false)
    }
    let bytes: Data
    if let data = request.data {
      bytes = data
    } else if let url = request.fileURL {
      do {
        bytes = try FileContents.data(of: url)
      } catch {
        throw PHPhotosError(.invalidResource, "\(error)")
      }
    } else {
      throw PHPhotosError(.missingResource, "the creation request has no photo resource")
    }
    let name = request.originalFilename ?? "IMG_0001" + Self.fileExtension(of: bytes)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("PhotoKitCompat-\(UUID().uuidString)")
    let url = folder.appendingPathComponent((name as NSString).lastPathComponent)
    try FileContents.makeFolder(folder)
    try FileContents.write(bytes, to: url)
    return (url, true)
  }

  /// The preferred extension (".jpg") of the format the magic bytes name; "" for none.
  static func fileExtension(of bytes: Data) -> String {
    let head = [UInt8](bytes.prefix(ImageFormatRegistry.shared.sniffLength))
    guard let codec = ImageFormatRegistry.shared.codec(sniffing: head),
      let preferred = codec.fileExtensions.first
    else { return "" }
    return "." + preferred
  }

  /// The read/write status for messages.
  func readWriteStatus() -> AuthorizationStatus {
    (try? session.authorizationStatus(for: .readWrite)) ?? .notDetermined
  }

  /// Runs an engine call, turning its refusals into PhotoKit errors.
  func mapEngineErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch PhotoLibraryError.accessDenied(let reason) {
      throw PHPhotosError(.accessUserDenied, reason)
    } catch PhotoLibraryError.assetNotFound(let id) {
      throw PHPhotosError(.identifierNotFound, "no asset '\(id)' is visible to this app")
    } catch let error as PhotoLibraryError {
      handle(error)
      throw PHPhotosError(.invalid, "\(error)")
    } catch {
      throw PHPhotosError(.invalid, "\(error)")
    }
  }
}
