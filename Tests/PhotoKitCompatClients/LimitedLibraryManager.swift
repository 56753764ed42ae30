import Foundation

#if canImport(Photos)
  import Photos
  import PhotosUI
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// The "Manage" button of a limited-access gallery: an action sheet offering to select more
/// photos (the limited picker) or to change the setting, shown only while access is limited.
final class LimitedLibraryManager: NSObject, PHPhotoLibraryChangeObserver {
  private let host: UIViewController
  private(set) var selectionChanges = 0
  var onSelectionChange: (() -> Void)?

  init(host: UIViewController) {
    self.host = host
    super.init()
    PHPhotoLibrary.shared().register(self)
  }

  deinit {
    PHPhotoLibrary.shared().unregisterChangeObserver(self)
  }

  /// Whether the Manage button should show.
  var isManageButtonVisible: Bool {
    PHPhotoLibrary.authorizationStatus(for: .readWrite) == .limited
  }

  /// The Manage sheet; its first action opens the limited picker.
  func manageSheet() -> UIAlertController {
    let sheet = UIAlertController(
      title: nil, message: "Select more photos or go to Settings to allow access to all photos.",
      preferredStyle: .actionSheet)
    sheet.addAction(
      UIAlertAction(title: "Select more photos", style: .default) { [weak self] _ in
        guard let self = self else { return }
        PHPhotoLibrary.shared().presentLimitedLibraryPicker(from: self.host)
      })
    sheet.addAction(
      UIAlertAction(title: "Change Settings", style: .default) { _ in
        if let url = URL(string: UIApplication.openSettingsURLString) {
          UIApplication.shared.open(url, options: [:], completionHandler: nil)
        }
      })
    sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    return sheet
  }

  func photoLibraryDidChange(_ changeInstance: PHChange) {
    DispatchQueue.main.async {
      self.selectionChanges += 1
      self.onSelectionChange?()
    }
  }
}
