/// What an app may do with the library under its current status
/// (docs/permission-model.md#reading-and-writing).
///
/// Derived from the stored state by `AuthorizationState.libraryAccess(ios:)`; the live library
/// (`PhotoLibrarySession`) filters and refuses through it, so no UI can bypass it.
public enum LibraryAccess: Sendable, Equatable {
  /// Read/write authorized: every asset, the camera roll and albums.
  case full
  /// Read/write limited: only these ids (the selection, which the app's own creations joined
  /// when they were made), compared by their bytes, and of each only the file recorded with it
  /// (`files`: a new file saved under a selected name is not selected); can add to the camera
  /// roll; no albums.
  case limited(AssetIDSet, files: AssetFileRecords = AssetFileRecords())
  /// Add-only authorized without read/write: can add to the camera roll, can read nothing (not
  /// even what it just saved).
  case addOnly
  /// Denied, restricted or not determined: nothing at all.
  case none

  /// Whether an asset with `id` may be listed, counted, previewed or read, as far as the id
  /// tells (for an entry that is no asset, such as an unreadable file); an asset at hand is
  /// checked with ``canRead(_:)-(Asset)``, which also compares its file.
  public func canRead(_ id: String) -> Bool {
    switch self {
    case .full: true
    case .limited(let ids, _): ids.contains(id)
    case .addOnly, .none: false
    }
  }

  /// Whether `asset` may be listed, counted, previewed or read: under limited access its id
  /// is selected and its file is the one selected (docs/permission-model.md#what-an-asset-id-names).
  public func canRead(_ asset: Asset) -> Bool {
    switch self {
    case .full: true
    case .limited(let ids, let files): ids.contains(asset.id) && files.admits(asset)
    case .addOnly, .none: false
    }
  }

  /// Whether anything at all may be listed.
  public var canList: Bool {
    switch self {
    case .full, .limited: true
    case .addOnly, .none: false
    }
  }

  /// Whether a new asset may be added to the camera roll.
  public var canAddToCameraRoll: Bool { self != .none }

  /// Whether albums may be listed, created or added to.
  public var canUseAlbums: Bool { self == .full }

  /// The readable subset of `assets`, order kept.
  public func filter(_ assets: AssetList) -> AssetList {
    switch self {
    case .full: assets
    case .limited: AssetList(assets.filter { canRead($0) })
    case .addOnly, .none: []
    }
  }
}

extension AuthorizationState {
  /// The access the reading-and-writing table grants on `ios`. iOS 13: the legacy status alone
  /// (authorized → full).
  public func libraryAccess(ios: IOSVersion) -> LibraryAccess {
    guard ios.hasAccessLevels else { return legacyStatus == .authorized ? .full : .none }
    switch status(for: .readWrite) {
    case .authorized: return .full
    // The selection alone: an asset the app created joined it, and leaves it like any other
    // when the user unchecks it in the limited picker.
    case .limited: return .limited(limitedSelection, files: assetFiles)
    case .notDetermined, .denied, .restricted:
      return status(for: .addOnly) == .authorized ? .addOnly : .none
    }
  }
}
