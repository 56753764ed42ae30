import Foundation

extension PHAsset {
  /// The type of the asset's file (a Live Photo's still), read from its bytes; `.data` when
  /// it has no file the registry reads. Mirrors `contentType`.
  public var contentType: UTType {
    PHAssetResource.assetResources(for: self).first?.contentType ?? .data
  }
}

extension PHAssetResource {
  /// The type of the resource's file, read from its bytes (`uniformTypeIdentifier`). Mirrors
  /// `contentType`.
  public var contentType: UTType { UTType(uniformTypeIdentifier) ?? .data }
}

extension PHAssetResourceCreationOptions {
  /// The resource's type, the same setting as `uniformTypeIdentifier` (the format is sniffed
  /// from the bytes either way). Mirrors `contentType`.
  public var contentType: UTType? {
    get { uniformTypeIdentifier.flatMap { UTType($0) } }
    set { uniformTypeIdentifier = newValue?.identifier }
  }
}

extension PHContentEditingInput {
  /// The type of the file to edit (`uniformTypeIdentifier`). Mirrors `contentType`.
  public var contentType: UTType? { uniformTypeIdentifier.flatMap { UTType($0) } }
}
