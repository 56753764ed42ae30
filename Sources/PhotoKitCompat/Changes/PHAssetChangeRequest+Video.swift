import Foundation

extension PHAssetChangeRequest {
  /// Adds the movie file at `fileURL` to the library (QuickTime or MPEG-4). Mirrors
  /// `creationRequestForAssetFromVideo(atFileURL:)`: nil outside a change block; a file that
  /// cannot be read makes the change fail with `invalidResource`.
  @discardableResult
  public class func creationRequestForAssetFromVideo(atFileURL fileURL: URL) -> Self? {
    guard let transaction = ChangeTransaction.joining("creationRequestForAssetFromVideo")
    else { return nil }
    let request = self.init()
    request.fileURL = fileURL
    request.join(transaction)
    return request
  }
}
