import Foundation

/// Told about changes to the library. Mirrors `PHPhotoLibraryChangeObserver`.
///
/// Called on a background serial queue, never the main thread, one change at a time: when
/// assets are added, removed or changed, when the limited selection changes, and when a
/// decision changes. Register with `PHPhotoLibrary.shared().register(_:)`.
public protocol PHPhotoLibraryChangeObserver: NSObjectProtocol {
  func photoLibraryDidChange(_ changeInstance: PHChange)
}

/// A registered observer, held weakly as PhotoKit does, so a view controller is not kept
/// alive by registering itself.
final class WeakChangeObserver {
  weak var observer: (any PHPhotoLibraryChangeObserver)?
  init(_ observer: any PHPhotoLibraryChangeObserver) { self.observer = observer }
}
