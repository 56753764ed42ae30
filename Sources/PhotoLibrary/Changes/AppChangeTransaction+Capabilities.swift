extension AppChangeTransaction {
  /// A request the folder library cannot perform at all: the whole transaction fails with it
  /// (``AppChangeError/Code/notSupported``).
  public enum Unsupported: Sendable, Equatable {
    /// A change to the library's folders of albums, by the request named: they are its
    /// subfolders.
    case folderChange(request: String)
    /// A change to the order of an album's assets, by the request named.
    case albumOrder(request: String)
    /// A resource of the kind named beside an asset's one photo or movie file.
    case extraResource(String)

    /// The reason the change fails with.
    public var reason: String {
      switch self {
      case .folderChange(let request):
        "\(request): the library's folders are its subfolders and are not changed through "
          + "PhotoKit"
      case .albumOrder(let request):
        "\(request): a folder album is ordered by its assets' dates and holds its files"
      case .extraResource(let kind):
        "a \(kind) resource cannot be added: the folder library holds one photo or movie file "
          + "per asset"
      }
    }
  }

  /// Whether a new asset can be made of resources of these kinds (nil: a resource the library
  /// keeps no file for, such as audio or adjustment data): of one photo or one movie file, as
  /// an asset of the folder library is its file (a Live Photo's movie is paired by name, not
  /// added).
  public static func canCreate(from kinds: [AssetResource.Kind?]) -> Bool {
    kinds.count == 1 && (kinds[0] == .photo || kinds[0] == .video)
  }

  /// What may be done to an existing asset. Mirrors `PHAssetEditOperation`.
  public enum AssetOperation: Sendable, Equatable, CaseIterable {
    case delete, content, properties
  }

  /// What may be done to an album. Mirrors `PHCollectionEditOperation`.
  public enum AlbumOperation: Sendable, Equatable, CaseIterable {
    case deleteContent, removeContent, addContent, createContent, rearrangeContent, delete, rename
  }

  /// Whether `operation` is possible on an asset: deleting and editing content are (within
  /// the app's access, and confirmed by the user); editing properties is not: the folder
  /// library does not rewrite dates or locations (an ``Edit`` that changes them is refused).
  public static func canPerform(_ operation: AssetOperation) -> Bool {
    operation != .properties
  }

  /// Whether `operation` is possible on an album (`isRegular`: a user's album, not a smart
  /// one): a regular album can receive assets created in the same transaction and be
  /// deleted (its photos stay); removing, rearranging and renaming are not possible, since an
  /// asset is its file in the album folder and a folder album is ordered by date.
  public static func canPerform(_ operation: AlbumOperation, isRegular: Bool) -> Bool {
    isRegular && [.addContent, .createContent, .delete].contains(operation)
  }
}
