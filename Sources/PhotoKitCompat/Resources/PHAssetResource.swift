import Foundation
import ImageDecoding
import PhotoLibrary

/// One file behind an asset: the photo or movie, and a Live Photo's paired movie. Mirrors
/// `PHAssetResource`.
public final class PHAssetResource: NSObject, @unchecked Sendable {
  /// The file's role (`photo`, `video` or `pairedVideo`).
  public let type: PHAssetResourceType
  /// The `localIdentifier` of the asset the file belongs to.
  public let assetLocalIdentifier: String
  /// The file's format as its bytes say ("public.jpeg", "com.apple.quicktime-movie"), or
  /// "public.data" when no registered format recognises it.
  public let uniformTypeIdentifier: String
  /// The file's name in the library folder ("IMG_0001.HEIC").
  public let originalFilename: String
  /// The file's size in bytes when the resource was listed (0 when it could not be read).
  let fileSize: Int64
  /// The file.
  let fileURL: URL

  init(_ resource: AssetResource, assetLocalIdentifier: String) {
    fileURL = resource.url
    type = PHAssetResourceType(rawValue: resource.kind.rawValue) ?? .photo
    self.assetLocalIdentifier = assetLocalIdentifier
    originalFilename = resource.originalFilename
    let format = (try? ImageSniffer.format(ofFileAt: resource.url.path)) ?? nil
    uniformTypeIdentifier =
      format.flatMap { ImageFormatRegistry.shared.codec(for: $0)?.uniformTypeIdentifier }
      ?? "public.data"
    fileSize = FileContents.size(of: resource.url) ?? 0
    super.init()
  }

  /// The files behind `asset`: one photo or video, or a Live Photo's photo and paired video.
  /// Mirrors `assetResources(for:)`.
  public class func assetResources(for asset: PHAsset) -> [PHAssetResource] {
    asset.asset.resources.map { PHAssetResource($0, assetLocalIdentifier: asset.localIdentifier) }
  }

  /// The undocumented keys apps read through key-value coding: "filename" (a `String`) and
  /// "fileSize" (an `NSNumber` holding an `Int64`); nil for any other key.
  public func value(forKey key: String) -> Any? {
    switch key {
    case "filename", "originalFilename": originalFilename
    case "fileSize": NSNumber(value: fileSize)
    case "assetLocalIdentifier": assetLocalIdentifier
    case "uniformTypeIdentifier": uniformTypeIdentifier
    case "type": NSNumber(value: type.rawValue)
    default: nil
    }
  }

  public override var description: String {
    "<PHAssetResource type=\(type) filename=\(originalFilename) "
      + "asset=\(assetLocalIdentifier) uti=\(uniformTypeIdentifier)>"
  }
}
