import Foundation
import PhotoLibrary

extension PhotoKitDevice {
  /// The file of the resource `type` of the asset `id`, read through the engine (so an asset
  /// the app may not read is refused), or why there is none.
  func loadResource(assetID id: String, type: PHAssetResourceType) -> Result<URL, PHPhotosError> {
    do {
      let asset = try mapEngineErrors { try session.asset(withID: id) }
      guard let resource = asset.resources.first(where: { $0.kind.rawValue == type.rawValue })
      else {
        return .failure(
          PHPhotosError(.missingResource, "'\(id)' has no \(type) resource"))
      }
      return .success(resource.url)
    } catch {
      return .failure(Self.photosError(error))
    }
  }
}
