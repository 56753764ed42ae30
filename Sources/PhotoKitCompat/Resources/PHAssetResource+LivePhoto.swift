import Foundation
import PhotoLibrary

extension PHAssetResource {
  /// The two files of a Live Photo: its still (`.photo`) and its movie (`.pairedVideo`).
  /// Mirrors `assetResources(for:)` for a `PHLivePhoto`.
  public class func assetResources(for livePhoto: PHLivePhoto) -> [PHAssetResource] {
    let id = livePhoto.assetLocalIdentifier
    let still = AssetResource(kind: .photo, path: id, url: livePhoto.photoURL)
    let movie = AssetResource(kind: .pairedVideo, path: id, url: livePhoto.videoURL)
    return [still, movie].map { PHAssetResource($0, assetLocalIdentifier: id) }
  }
}
