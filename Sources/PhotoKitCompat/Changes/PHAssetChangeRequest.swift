import Foundation
import PhotoLibrary

/// A request to create, change or delete assets, made inside `performChanges`. Mirrors
/// `PHAssetChangeRequest`: creation, deletion (`deleteAssets(_:)`, confirmed by the user) and
/// `init(for:)`, which can mark an asset favourite or hidden; changing an existing asset's
/// `creationDate` or `location` makes the change fail (the folder library does not rewrite
/// files).
public class PHAssetChangeRequest: PHChangeRequest, @unchecked Sendable {
  /// The file to add (a photo or movie resource).
  var fileURL: URL?
  /// Bytes to add instead of a file, with the name to give them.
  var data: Data?
  var originalFilename: String?
  var moveFile = false
  /// The placeholder whose identifier fetches the new asset after the change.
  public private(set) var placeholderForCreatedAsset: PHObjectPlaceholder?
  /// Kept for source compatibility when creating (the library dates files itself); set on a
  /// request for an existing asset, the change fails with `changeNotSupported`.
  public var creationDate: Date?
  /// Like `creationDate`: ignored when creating, refused for an existing asset.
  public var location: CLLocation?
  /// The existing asset this request changes (`init(for:)`), nil for a creation.
  var editedAsset: PHAsset?
  /// For a request made with ``init(for:)``: sets the library's favourite flag when assigned.
  public var isFavorite = false {
    didSet { changedAttributes.insert(.favorite) }
  }
  /// For a request made with ``init(for:)``: sets the library's hidden flag when assigned.
  public var isHidden = false {
    didSet { changedAttributes.insert(.hidden) }
  }
  /// The attributes assigned on that request.
  var changedAttributes: Set<LibraryAttributes.Attribute> = []
  /// For a request made with ``init(for:)``: the edited content to save (the rendered file and
  /// its adjustment data). Performing the change shows the system's confirmation first.
  public var contentEditingOutput: PHContentEditingOutput?
  /// Whether ``revertAssetContentToOriginal()`` was called on the request.
  var revertsContent = false

  required override init() {
    super.init()
  }

  /// Joins the current change block and makes a placeholder.
  func join(_ transaction: ChangeTransaction) {
    placeholderForCreatedAsset = PHObjectPlaceholder(
      localIdentifier: "placeholder-\(UUID().uuidString)/L0/001")
    transaction.assetRequests.append(self)
  }

  /// Adds the image file at `fileURL` to the library (camera roll, or an album it is added
  /// to). Nil outside a change block.
  @discardableResult
  public class func creationRequestForAssetFromImage(atFileURL fileURL: URL) -> Self? {
    guard let transaction = ChangeTransaction.joining("creationRequestForAssetFromImage")
    else { return nil }
    let request = self.init()
    request.fileURL = fileURL
    request.join(transaction)
    return request
  }
}

/// A request to create an asset from resources. Mirrors `PHAssetCreationRequest`.
public final class PHAssetCreationRequest: PHAssetChangeRequest, @unchecked Sendable {
  /// A new creation request in the current change block (add a `.photo` resource to it).
  @discardableResult
  public class func forAsset() -> PHAssetCreationRequest {
    let request = PHAssetCreationRequest()
    if let transaction = ChangeTransaction.joining("PHAssetCreationRequest.forAsset") {
      request.join(transaction)
    }
    return request
  }

  /// Adds the file at `fileURL` as the asset's `type` resource (a photo or a video).
  public func addResource(
    with type: PHAssetResourceType, fileURL: URL, options: PHAssetResourceCreationOptions?
  ) {
    guard checkPhoto(type) else { return }
    self.fileURL = fileURL
    originalFilename = options?.originalFilename
    moveFile = options?.shouldMoveFile ?? false
  }

  /// Adds `data` as the asset's `type` resource (a photo or a video); the file is named
  /// `options.originalFilename`, else `IMG_0001` with the extension of its format.
  public func addResource(
    with type: PHAssetResourceType, data: Data, options: PHAssetResourceCreationOptions?
  ) {
    guard checkPhoto(type) else { return }
    self.data = data
    originalFilename = options?.originalFilename
  }

  /// Whether the folder library can hold a resource of `type`; records the problem if not.
  private func checkPhoto(_ type: PHAssetResourceType) -> Bool {
    guard AppChangeTransaction.canCreate(from: [AssetResource.Kind(type)]) else {
      ChangeTransaction.current?.problems.append(.extraResource("\(type)"))
      return false
    }
    return true
  }

  /// Whether PhotoKit can create an asset from resources of these types (one photo or movie
  /// here: no paired Live Photo movie, audio or adjustment data).
  public class func supportsAssetResourceTypes(_ types: [NSNumber]) -> Bool {
    AppChangeTransaction.canCreate(
      from: types.map {
        PHAssetResourceType(rawValue: $0.intValue).flatMap(AssetResource.Kind.init)
      })
  }
}

extension AssetResource.Kind {
  /// The library's file a resource of `type` is: its photo (any photo version), its movie
  /// (any video version) or a Live Photo's paired movie; nil for the rest (audio, adjustment
  /// data and bases, proxies).
  init?(_ type: PHAssetResourceType) {
    switch type {
    case .photo, .fullSizePhoto, .alternatePhoto: self = .photo
    case .video, .fullSizeVideo: self = .video
    case .pairedVideo, .fullSizePairedVideo: self = .pairedVideo
    default: return nil
    }
  }
}

/// Options for a new resource. Mirrors `PHAssetResourceCreationOptions`.
public final class PHAssetResourceCreationOptions: NSObject, @unchecked Sendable {
  /// The file name the asset gets in the library.
  public var originalFilename: String?
  /// Kept for source compatibility (the format is sniffed from the bytes).
  public var uniformTypeIdentifier: String?
  /// Deletes the source file once it is in the library.
  public var shouldMoveFile = false

  public override init() { super.init() }
}
