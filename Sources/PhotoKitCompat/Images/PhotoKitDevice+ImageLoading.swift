import Foundation
import ImageDecoding
import PhotoLibrary

/// An image or a reason why there is none.
struct ImageLoad: Sendable {
  var image: PixelImage?
  var error: PHPhotosError?
}

/// The original bytes of an asset's file and what PhotoKit tells about them.
struct ImageDataLoad: Sendable {
  var data: Data?
  /// The uniform type identifier ("public.jpeg", "public.png").
  var dataUTI: String?
  var orientation: ImageOrientation = .up
  var error: PHPhotosError?
}

extension PhotoKitDevice {
  /// Reads the asset `id` through the engine and decodes the result `stage` of `plan`.
  func loadImage(id: String, plan: ImageRequestPlan, stage: ImageRequestPlan.Stage) -> ImageLoad {
    let asset: Asset
    do {
      asset = try mapEngineErrors { try session.asset(withID: id) }
    } catch {
      return ImageLoad(error: Self.photosError(error))
    }
    let longSide = plan.longSide(width: asset.pixelWidth, height: asset.pixelHeight, stage: stage)
    do {
      return ImageLoad(
        image: try ImageDecoder.thumbnail(fileAt: asset.url.path, longSide: longSide))
    } catch {
      return ImageLoad(error: PHPhotosError(.invalidResource, "\(error)"))
    }
  }

  /// Reads the original bytes of the asset `id` through the engine, with their type and
  /// EXIF orientation.
  func loadImageData(id: String) -> ImageDataLoad {
    let asset: Asset
    do {
      asset = try mapEngineErrors { try session.asset(withID: id) }
    } catch {
      return ImageDataLoad(error: Self.photosError(error))
    }
    do {
      let data = try Data(contentsOf: asset.url)
      let info = try ImageDecoder.info(data: [UInt8](data), path: asset.url.path)
      return ImageDataLoad(
        data: data, dataUTI: info.format.uniformTypeIdentifier,
        orientation: ImageOrientation(rawValue: info.orientation) ?? .up)
    } catch {
      return ImageDataLoad(error: PHPhotosError(.invalidResource, "\(error)"))
    }
  }

  static func photosError(_ error: any Error) -> PHPhotosError {
    error as? PHPhotosError ?? PHPhotosError(.invalid, "\(error)")
  }
}

extension ImageFormat {
  /// The uniform type identifier PhotoKit names the format by ("public.jpeg").
  var uniformTypeIdentifier: String {
    switch rawValue {
    case "gif": "com.compuserve.gif"
    case "webp": "org.webmproject.webp"
    default: "public.\(rawValue)"
    }
  }
}
