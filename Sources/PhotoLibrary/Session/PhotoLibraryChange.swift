/// A change that library observers hear about, on a background queue (as with
/// `PHPhotoLibraryChangeObserver.photoLibraryDidChange(_:)`).
public enum PhotoLibraryChange: Sendable, Equatable {
  /// The limited selection changed (picker Done, an asset the app created under limited).
  case selectionChanged
  /// A stored decision changed (a prompt answered, Settings, privacy, restriction).
  case authorizationChanged
  /// Files were added, removed or changed (with their ids when known).
  case assetsChanged([String])
}
