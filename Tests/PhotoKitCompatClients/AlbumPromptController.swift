import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// An albums screen as apps write it with UIKit: the grid's cell size computed from the view's
/// width when it lays out, recomputed when the traits change, a "New Album" alert with a text
/// field, and thumbnails scaled down with `UIGraphicsImageRenderer`.
class AlbumPromptController: UIViewController, @unchecked Sendable {
  private(set) var cellSide: CGFloat = 0
  private(set) var createdAlbumIDs: [String] = []
  private(set) var layoutPasses = 0
  private(set) var appearanceChanges = 0
  var columns: CGFloat = 3

  override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    layoutPasses += 1
    cellSide = (view.bounds.width / columns).rounded(.down)
  }

  override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
      appearanceChanges += 1
    }
    columns = traitCollection.horizontalSizeClass == .regular ? 5 : 3
    view.setNeedsLayout()
  }

  /// Shows the "New Album" alert; Create makes an album with the typed name.
  func promptForNewAlbum(completion: @escaping (Error?) -> Void) {
    let alert = UIAlertController(title: "New Album", message: nil, preferredStyle: .alert)
    alert.addTextField { field in
      field.placeholder = "Title"
    }
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(
      UIAlertAction(title: "Create", style: .default) { [weak self, weak alert] _ in
        let title = alert?.textFields?.first?.text ?? ""
        guard !title.isEmpty else { return }
        var placeholder: PHObjectPlaceholder?
        PHPhotoLibrary.shared().performChanges({
          placeholder =
            PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle: title)
            .placeholderForCreatedAssetCollection
        }) { _, error in
          DispatchQueue.main.async {
            if let id = placeholder?.localIdentifier { self?.createdAlbumIDs.append(id) }
            completion(error)
          }
        }
      })
    present(alert, animated: true)
  }

  /// `image` scaled to fit a grid cell, drawn at the screen's scale.
  func thumbnail(of image: UIImage) -> UIImage {
    let side = max(cellSide, 1)
    let factor = min(side / image.size.width, side / image.size.height, 1)
    let size = CGSize(width: image.size.width * factor, height: image.size.height * factor)
    return UIGraphicsImageRenderer(size: size).image { _ in
      image.draw(in: CGRect(origin: .zero, size: size))
    }
  }
}
