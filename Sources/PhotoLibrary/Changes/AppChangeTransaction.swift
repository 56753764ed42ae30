import Foundation

/// The changes an app asks for in one transaction (one `PHPhotoLibrary.performChanges`
/// block), in the library's terms: new assets, flag and content edits, deletions, albums
/// created, filled and deleted. ``check(access:status:)`` decides, as Photos does before
/// anything is written, whether the app may make them all, and returns the steps that make
/// them, in order. PhotoKitCompat builds one from its change requests, runs the steps through
/// the ``PhotoLibrarySession`` and reports refusals with `PHPhotosError`'s codes.
///
/// Another app's changes (a ``ChangeScript``) are checked by ``ChangeScriptPlan`` against the
/// folder instead: those are written to the folder as they are, while an app's go through the
/// permission engine, which checks its access and names its files.
public struct AppChangeTransaction: Sendable, Equatable {
  /// A new asset (`creationRequestForAsset…`, `PHAssetCreationRequest`).
  public struct Creation: Sendable, Equatable {
    /// The file to add.
    public var file: URL?
    /// Bytes to add instead of a file.
    public var data: Data?
    /// The name the asset's file gets (`originalFilename`); nil: the file's own, or
    /// `IMG_0001` with the extension of the bytes' format.
    public var name: String?
    /// Whether `file` is removed once it is in the library (`shouldMoveFile`).
    public var movesFile: Bool
    /// The id albums of the same transaction add it by (its placeholder's).
    public var placeholder: String?

    public init(
      file: URL? = nil, data: Data? = nil, name: String? = nil, movesFile: Bool = false,
      placeholder: String? = nil
    ) {
      self.file = file
      self.data = data
      self.name = name
      self.movesFile = movesFile
      self.placeholder = placeholder
    }
  }

  /// A change to an existing asset (`PHAssetChangeRequest(for:)`).
  public struct Edit: Sendable, Equatable {
    public var id: String
    /// The flags assigned.
    public var flags: [LibraryAttributes.Attribute: Bool]
    /// Whether its creation date or location was assigned: the folder library does not
    /// rewrite files.
    public var changesDateOrLocation: Bool
    /// Whether new content (an edit, or a revert to the original) is saved.
    public var savesContent: Bool

    public init(
      id: String, flags: [LibraryAttributes.Attribute: Bool] = [:],
      changesDateOrLocation: Bool = false, savesContent: Bool = false
    ) {
      self.id = id
      self.flags = flags
      self.changesDateOrLocation = changesDateOrLocation
      self.savesContent = savesContent
    }
  }

  /// An album created or changed (`PHAssetCollectionChangeRequest`).
  public struct AlbumChange: Sendable, Equatable {
    public var title: String
    /// Whether the request creates the album.
    public var creates: Bool
    /// The id of the album a creation makes (its placeholder's).
    public var placeholder: String
    /// The ids added, in order: only new assets of the same transaction can be.
    public var added: [String]
    /// The ids removed: an asset is its file in the album folder, so none can be.
    public var removed: [String]

    public init(
      title: String, creates: Bool, placeholder: String = "", added: [String] = [],
      removed: [String] = []
    ) {
      self.title = title
      self.creates = creates
      self.placeholder = placeholder
      self.added = added
      self.removed = removed
    }
  }

  /// An album to delete (`deleteAssetCollections(_:)`).
  public struct AlbumDeletion: Sendable, Equatable {
    public var id: String
    /// Smart albums cannot be deleted.
    public var isSmart: Bool

    public init(id: String, isSmart: Bool = false) {
      self.id = id
      self.isSmart = isSmart
    }
  }

  /// One step of performing a checked transaction, in order.
  public enum Step: Sendable, Equatable {
    /// Set a flag of an edited asset (as a script's `favourite`, `hide` … operations do).
    case attribute(LibraryAttributes.Attribute, Bool, id: String)
    /// Save the new content of ``edits``[`edit`].
    case saveContent(edit: Int)
    /// Delete these assets, once the user confirms.
    case deleteAssets([String])
    /// Delete these albums, once the user confirms (their photos stay).
    case deleteAlbums([String])
    /// Add ``creations``[`creation`], into `album` (nil: the camera roll).
    case insert(creation: Int, album: String?)
    /// Remember the album `title` created, under its placeholder's id; `isEmpty`: it has no
    /// folder yet (nothing was added to it).
    case createAlbum(title: String, placeholder: String, isEmpty: Bool)
  }

  /// Requests the library cannot perform at all: the whole transaction fails with the first.
  public var unsupported: [Unsupported] = []
  public var creations: [Creation] = []
  public var edits: [Edit] = []
  /// The ids of the assets to delete, in order.
  public var deletions: [String] = []
  public var albums: [AlbumChange] = []
  public var albumDeletions: [AlbumDeletion] = []

  public init() {}

  /// Whether the transaction asks for nothing (it then succeeds without a look at the access).
  public var isEmpty: Bool {
    creations.isEmpty && edits.isEmpty && deletions.isEmpty && albums.isEmpty
      && albumDeletions.isEmpty
  }

  /// Whether the transaction only adds new assets to the camera roll.
  public var onlyAdds: Bool {
    albums.isEmpty && edits.isEmpty && deletions.isEmpty && albumDeletions.isEmpty
  }

  /// Whether performing the transaction uses the library, so that a read/write prompt may
  /// come up: everything but only adding photos with add-only access granted (that is what
  /// add-only access is for).
  public func usesLibrary(addOnlyGranted: Bool) -> Bool { !(onlyAdds && addOnlyGranted) }

  /// Throws the first request the library cannot perform at all; checked before any other
  /// rule.
  public func checkSupported() throws(AppChangeError) {
    if let first = unsupported.first { throw AppChangeError(.notSupported, first.reason) }
  }

  /// Checks the transaction against the app's `access` (`status` names it in messages, as
  /// "limited"), and returns the steps that perform it: flags and content edits, deletions,
  /// album deletions, new assets (into the first album adding each), then the albums created.
  /// Nothing has been written when this throws.
  public func check(access: LibraryAccess, status: String) throws(AppChangeError) -> [Step] {
    try checkSupported()
    if !(albums.isEmpty && albumDeletions.isEmpty) && !access.canUseAlbums {
      throw AppChangeError(
        .accessDenied, "cannot create or add to an album with \(status) read/write access")
    }
    if !creations.isEmpty && !access.canAddToCameraRoll {
      throw AppChangeError(.accessDenied, "cannot add to the library: access is \(status)")
    }
    for edit in edits {
      guard access.canList, access.canRead(edit.id) else {
        throw AppChangeError(.accessDenied, "'\(edit.id)' cannot be changed by this app")
      }
      if edit.changesDateOrLocation {
        throw AppChangeError(
          .notSupported,
          "the creation date and location of '\(edit.id)' cannot be changed: the folder "
            + "library does not rewrite files (PhotoKitCompat)")
      }
    }
    if let album = albums.first(where: { !$0.removed.isEmpty }) {
      throw AppChangeError(
        .notSupported,
        "assets cannot be removed from album '\(album.title)' without being deleted: in the "
          + "folder library an asset is its file in the album folder (PhotoKitCompat)")
    }
    // Which album each new asset goes to: the first album adding its placeholder.
    var albumOf: [Int: String] = [:]
    for album in albums {
      for id in album.added {
        guard let creation = creations.firstIndex(where: { $0.placeholder == id }) else {
          throw AppChangeError(
            .notSupported,
            "'\(id)' cannot be added to album '\(album.title)': only assets created in the "
              + "same change block can be (PhotoKitCompat)")
        }
        albumOf[creation] = albumOf[creation] ?? album.title
      }
    }
    if let smart = albumDeletions.first(where: \.isSmart) {
      throw AppChangeError(.notSupported, "the smart album '\(smart.id)' cannot be deleted")
    }
    var steps: [Step] = []
    for edit in edits {
      for flag in LibraryAttributes.Attribute.allCases {
        if let value = edit.flags[flag] { steps.append(.attribute(flag, value, id: edit.id)) }
      }
    }
    steps += edits.indices.filter { edits[$0].savesContent }.map { .saveContent(edit: $0) }
    if !deletions.isEmpty { steps.append(.deleteAssets(deletions)) }
    if !albumDeletions.isEmpty { steps.append(.deleteAlbums(albumDeletions.map(\.id))) }
    steps += creations.indices.map { .insert(creation: $0, album: albumOf[$0]) }
    steps += albums.filter(\.creates).map {
      .createAlbum(title: $0.title, placeholder: $0.placeholder, isEmpty: $0.added.isEmpty)
    }
    return steps
  }
}
