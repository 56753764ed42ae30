#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import PhotoKitCompat

  /// What the system picker offers and returns. Mirrors `PHPickerConfiguration`.
  ///
  /// The picker runs outside the app: it needs no authorization and shows the whole library.
  /// Made with `init(photoLibrary:)`, its results carry asset identifiers, which the app can
  /// fetch only as far as its own access allows; made with `init()`, they carry none.
  public struct PHPickerConfiguration: Sendable, Equatable {
    /// How files are handed over. Mirrors `PHPickerConfiguration.AssetRepresentationMode`:
    /// every mode hands over the file as stored (nothing is transcoded on Linux).
    public enum AssetRepresentationMode: Int, Sendable, Equatable {
      case automatic = 0
      case current = 1
      case compatible = 2
    }

    /// The order of the results. Mirrors `PHPickerConfiguration.Selection`: `.ordered` returns
    /// them in the order the user picked, `.default` in the library's order (newest first).
    public enum Selection: Int, Sendable, Equatable {
      case `default` = 0
      case ordered = 1
      case continuous = 2
      case continuousAndOrdered = 3
    }

    /// Which assets are offered (nil: all).
    public var filter: PHPickerFilter?
    /// The most assets the user can pick; 0 for no limit. 1 by default.
    public var selectionLimit = 1
    public var preferredAssetRepresentationMode = AssetRepresentationMode.automatic
    public var selection = Selection.default
    /// Assets shown as already picked when the picker opens (with `init(photoLibrary:)`
    /// only); the user's picks are the final selection.
    public var preselectedAssetIdentifiers: [String] = []
    /// Whether results carry asset identifiers (`init(photoLibrary:)`).
    let identifiesAssets: Bool

    /// A configuration whose results carry no asset identifiers.
    public init() {
      identifiesAssets = false
    }

    /// A configuration whose results carry the picked assets' identifiers.
    public init(photoLibrary: PHPhotoLibrary) {
      identifiesAssets = true
    }
  }
#endif
