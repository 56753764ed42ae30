import Foundation
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
    } catch let error as AppChangeError {
      return PHPhotosError(error)
    } catch {
      handle(error)
      return PHPhotosError(.invalid, "\(error)")
    }
  }

  /// Has the library check the requests against the app's access before doing anything
  /// (``AppChangeTransaction/check(access:status:)``), then performs its steps through the
  /// engine: flags and content edits, deletions (after the user's confirmation), imports.
  private func commit(_ transaction: ChangeTransaction) throws {
    let requested = transaction.requested
    try requested.checkSupported()
    if let failure = transaction.failures.first { throw failure }
    guard !requested.isEmpty else { return }
    let addOnlyGranted = (try? session.authorizationStatus(for: .addOnly)) == .authorized
    if requested.usesLibrary(addOnlyGranted: addOnlyGranted) {
      try mapEngineErrors { try session.beginLibraryAccess() }
    }
    let access = try mapEngineErrors { try session.access() }
    let steps = try requested.check(
      access: access, status: "\(PHAuthorizationStatus(readWriteStatus()))")
    let edits = transaction.editRequests
    for step in steps {
      switch step {
      case .attribute(let flag, let value, let id):
        _ = try mapEngineErrors { try session.set(flag, value, for: [id]) }
      case .saveContent(let edit): try saveContent(of: edits[edit])
      case .deleteAssets(let ids): try delete(ids)
      case .deleteAlbums(let ids): try deleteAlbums(ids)
      case .insert(let index, let album):
        let creation = requested.creations[index]
        let asset = try creation.publish { url in
          try mapEngineErrors { try session.add(fileAt: url, album: album) }
        }
        if let placeholder = creation.placeholder {
          phone.launch.recordCreatedAsset(asset.id, placeholder: placeholder)
        }
      case .createAlbum(let title, let placeholder, let isEmpty):
        phone.launch.recordCreatedAlbum(title, placeholder: placeholder, empty: isEmpty)
      }
    }
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
