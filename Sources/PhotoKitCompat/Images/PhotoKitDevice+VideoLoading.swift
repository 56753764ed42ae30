import Foundation
import ImageDecoding
import PhotoLibrary

extension PhotoKitDevice {
  /// The movie file of the asset `id` (its saved edit for `.current`), read through the engine
  /// (so an asset the app may not read is refused), or why there is none.
  func loadMovie(id: String, version: PHVideoRequestOptionsVersion) -> Result<URL, PHPhotosError> {
    do {
      let asset = try mapEngineErrors { try session.asset(withID: id) }
      guard asset.mediaType == .video else {
        return .failure(PHPhotosError(.invalidResource, "'\(id)' is not a video"))
      }
      return .success(try file(of: asset, version: version == .current ? .current : .original))
    } catch {
      return .failure(Self.photosError(error))
    }
  }

  /// The still and the paired movie of the Live Photo `id`, as the library paired them (by
  /// Apple's content identifier, or the same name beside it: "IMG_0001.HEIC" + "IMG_0001.MOV").
  func loadLivePhoto(id: String) -> Result<(photo: URL, movie: URL), PHPhotosError> {
    do {
      let asset = try mapEngineErrors { try session.asset(withID: id) }
      if let movie = asset.pairedVideo {
        return .success((asset.url, movie.url))
      }
      return .failure(
        PHPhotosError(.invalidResource, "'\(id)' is not a Live Photo: no movie beside it"))
    } catch {
      return .failure(Self.photosError(error))
    }
  }
}
