import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// The permission helper most photo apps carry: one answer for the screen to act on, asked
/// for only when undecided, delivered on the main queue, with a way to Settings when denied.
enum PhotoPermissionGate {
  enum Access: Equatable {
    case full
    case limited
    case addOnly
    case none
  }

  /// The access the app has now, for `level`.
  static func currentAccess(for level: PHAccessLevel) -> Access {
    map(PHPhotoLibrary.authorizationStatus(for: level), level: level)
  }

  /// Asks when undecided, then calls `completion` on the main queue.
  static func ensureAccess(for level: PHAccessLevel, completion: @escaping (Access) -> Void) {
    let status = PHPhotoLibrary.authorizationStatus(for: level)
    guard status == .notDetermined else {
      completion(map(status, level: level))
      return
    }
    PHPhotoLibrary.requestAuthorization(for: level) { newStatus in
      DispatchQueue.main.async {
        completion(map(newStatus, level: level))
      }
    }
  }

  /// An alert sending the user to Settings, for a screen that was refused.
  static func settingsAlert(appName: String) -> UIAlertController {
    let alert = UIAlertController(
      title: "Photos Access Needed",
      message: "Allow \(appName) to access your photos in Settings.", preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(
      UIAlertAction(title: "Open Settings", style: .default) { _ in
        if let url = URL(string: UIApplication.openSettingsURLString) {
          UIApplication.shared.open(url, options: [:], completionHandler: nil)
        }
      })
    return alert
  }

  private static func map(_ status: PHAuthorizationStatus, level: PHAccessLevel) -> Access {
    switch status {
    case .authorized: return level == .addOnly ? .addOnly : .full
    case .limited: return .limited
    case .notDetermined, .restricted, .denied: return .none
    @unknown default: return .none
    }
  }
}
