import Foundation
import ImageDecoding
import PhotoLibrary

extension PhotoKitDevice {
  /// The movie file of the asset `id`, read through the engine (so an asset the app may not
  /// read is refused), or why there is none.
  func loadMovie(id: String) -> Result<URL, PHPhotosError> {
    do {
      let asset = try mapEngineErrors { try session.asset(withID: id) }
      guard (try? ImageDecoder.info(ofFileAt: asset.url.path))?.video != nil else {
        return .failure(PHPhotosError(.invalidResource, "'\(id)' is not a video"))
      }
      return .success(asset.url)
    } catch {
      return .failure(Self.photosError(error))
    }
  }

  /// The still and the paired movie of the Live Photo `id`: the movie is the file beside the
  /// still with the same name and a movie extension ("IMG_0001.HEIC" + "IMG_0001.MOV").
  func loadLivePhoto(id: String) -> Result<(photo: URL, movie: URL), PHPhotosError> {
    do {
      let asset = try mapEngineErrors { try session.asset(withID: id) }
      if let movie = Self.pairedMovie(ofPhotoAt: asset.url) {
        return .success((asset.url, movie))
      }
      return .failure(
        PHPhotosError(.invalidResource, "'\(id)' is not a Live Photo: no movie beside it"))
    } catch {
      return .failure(Self.photosError(error))
    }
  }

  /// The Live Photo movie paired with the still at `url`: the movie file beside it with the
  /// same name and a movie extension ("IMG_0001.HEIC" + "IMG_0001.MOV"), if any.
  @_spi(PhotosUICompat)
  public static func pairedMovie(ofPhotoAt url: URL) -> URL? {
    guard (try? ImageDecoder.info(ofFileAt: url.path))?.video == nil else { return nil }
    let stem = url.deletingPathExtension()
    for ext in ["MOV", "mov", "MP4", "mp4"] {
      let movie = stem.appendingPathExtension(ext)
      if (try? ImageDecoder.info(ofFileAt: movie.path))?.video != nil { return movie }
    }
    return nil
  }
}
