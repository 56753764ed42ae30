import Foundation
import PhotoLibrary

/// Persistent changes (iOS 16): what changed between launches, as far as the app may see.
extension PHPhotoLibrary {
  /// The state of the library as this app sees it now (the assets its access lets it list).
  public var currentChangeToken: PHPersistentChangeToken {
    PHPersistentChangeToken(snapshot: device.visibleSnapshot())
  }

  /// The changes since `token`: none when nothing the app can see changed, else one change
  /// listing the inserted, updated (file modified) and deleted asset identifiers. Assets
  /// that left the app's view (a limited selection made smaller) count as deleted. Throws
  /// `accessUserDenied` when the app may list nothing.
  public func fetchPersistentChanges(since token: PHPersistentChangeToken) throws
    -> PHPersistentChangeFetchResult
  {
    let access = try device.mapEngineErrors { try device.session.access() }
    guard access.canList else {
      throw PHPhotosError(
        .accessUserDenied,
        "persistent changes need read/write access; it is \(device.readWriteStatus())")
    }
    let now = currentChangeToken
    guard now.snapshot != token.snapshot else { return PHPersistentChangeFetchResult([]) }
    return PHPersistentChangeFetchResult([PHPersistentChange(from: token.snapshot, to: now)])
  }
}

extension PhotoKitDevice {
  /// Visible asset id → its file's identity and modification time, as the listing recorded
  /// them (no file is looked at again).
  func visibleSnapshot() -> [String: PHPersistentChangeToken.Seen] {
    var snapshot: [String: PHPersistentChangeToken.Seen] = [:]
    for asset in visibleAssets() {
      snapshot[asset.id] = PHPersistentChangeToken.Seen(
        modified: asset.addedDate.timeIntervalSinceReferenceDate, file: asset.fileIdentity)
    }
    return snapshot
  }
}
