import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// Watches whether the photo library can be used (a library on an external volume, a
/// restored device) and keeps an alert ready when it cannot.
final class LibraryAvailabilityMonitor: NSObject, PHPhotoLibraryAvailabilityObserver {
  private(set) var isAvailable = true
  var onUnavailable: ((UIAlertController) -> Void)?

  func start() {
    isAvailable = PHPhotoLibrary.shared().unavailabilityReason == nil
    PHPhotoLibrary.shared().register(self as PHPhotoLibraryAvailabilityObserver)
  }

  func stop() {
    PHPhotoLibrary.shared().unregisterAvailabilityObserver(self)
  }

  func photoLibraryDidBecomeUnavailable(_ photoLibrary: PHPhotoLibrary) {
    let reason = photoLibrary.unavailabilityReason?.localizedDescription ?? "unknown"
    DispatchQueue.main.async {
      self.isAvailable = false
      let alert = UIAlertController(
        title: "Photo Library Unavailable", message: reason, preferredStyle: .alert)
      alert.addAction(UIAlertAction(title: "OK", style: .default))
      self.onUnavailable?(alert)
    }
  }
}
