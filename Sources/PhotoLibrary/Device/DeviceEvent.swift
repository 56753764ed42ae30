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
  /// The engine's notice to the app: its stored permission state changed (the selection, or,
  /// made elsewhere by another `photogate` command, the app's access, which terminates the
  /// running app), or assets it may see changed (its own saves and edits; the library folder's
  /// changes too when the phone tells its session of them, as for PhotoKit's observers).
  case permissionsChanged(PhotoLibraryChange)
  /// The app's stored permission state could not be read after a change (a damaged file).
  case permissionsUnreadable(String)
}
