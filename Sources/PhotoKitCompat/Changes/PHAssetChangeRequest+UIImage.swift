import Foundation
import UIKitCompat

extension PHAssetChangeRequest {
  /// Adds `image` to the library as a JPEG (quality 0.9, the way a camera-roll save stores
  /// it). Mirrors `creationRequestForAsset(from:)`; outside a change block the request joins
  /// nothing and adds nothing.
  @discardableResult
  public class func creationRequestForAsset(from image: UIImage) -> Self {
    let request = self.init()
    // Nil for an empty image: the change then fails with `missingResource`.
    request.data = image.jpegData(compressionQuality: 0.9)
    if let transaction = ChangeTransaction.joining("creationRequestForAsset(from:)") {
      request.join(transaction)
    }
    return request
  }
}
