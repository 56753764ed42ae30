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
    do {
      let file = try self.file(of: asset, version: plan.version)
      return ImageLoad(
        image: try ImagePipeline.shared.image(
          fileAt: file.path, sizing: plan.sizing, width: asset.pixelWidth,
          height: asset.pixelHeight, stage: stage))
    } catch {
      return ImageLoad(error: PHPhotosError(.invalidResource, "\(error)"))
    }
  }

  /// Reads the bytes of the asset `id` through the engine (its saved edit for `.current`),
  /// with their type and EXIF orientation.
  func loadImageData(id: String, version: PHImageRequestOptionsVersion) -> ImageDataLoad {
    let asset: Asset
    do {
      asset = try mapEngineErrors { try session.asset(withID: id) }
    } catch {
      return ImageDataLoad(error: Self.photosError(error))
    }
    do {
      let file = try self.file(of: asset, version: version)
      // A regular file of at most the decoders' file limit (a FIFO or a huge file is refused).
      let data = try FileContents.data(of: file)
      let info = try ImageDecoder.info(data: [UInt8](data), path: file.path)
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
  @_spi(PhotosUICompat)
  public var uniformTypeIdentifier: String {
    ImageFormatRegistry.shared.codec(for: self)?.uniformTypeIdentifier
      ?? "public.\(identifier)"
  }
}
