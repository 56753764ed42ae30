/// The next launch of the app, and what the app running on the phone fetches.
extension SimulatedPhone {
  /// Ends this launch (its notices stop) and returns the next launch of the same app: a new
  /// session with the same bundle id, iOS version, Info.plist, library, stored state and
  /// responder, and a fresh ``LaunchRecord``; its notices are not started.
  public func nextLaunch() -> SimulatedPhone {
    stop()
    let session = session
    return SimulatedPhone(
      launching: PhotoLibrarySession(
        bundleID: session.bundleID, ios: session.ios, infoPlist: session.infoPlist,
        backend: session.backend, store: session.store, responder: session.responder),
      libraryPath: libraryPath)
  }

  /// `PHAsset.fetchAssets`: the assets the app may see now, newest first (the library as the
  /// phone's observation of the folder last listed it), with the launch's first-access prompt
  /// or alert when due.
  public func visibleAssets() throws -> AssetList { try session.fetchAssets() }
}
