/// What a ``SimulatedPhone`` tells the app running on it, in the order it happened: the
/// library folder's changes and first scan, and the app's stored permission state changing
/// (`PHPhotoLibraryChangeObserver` and the system around it).
public enum DeviceEvent: Sendable {
  /// Files in the library folder were added, removed or changed.
  case libraryChanged
  /// Files already in the library were rewritten: pictures made of them are stale.
  case assetsModified([String])
  /// The library's first scan has gone on (or ended: ``ScanProgress/isFinished``).
  case scanProgress(ScanProgress)
  /// The app's stored permission state changed: the selection, or (made elsewhere: another
  /// `photogate` command) the app's access, which terminates the running app.
  case permissionsChanged(PhotoLibraryChange)
  /// The app's stored permission state could not be read after a change (a damaged file).
  case permissionsUnreadable(String)
}
