#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import PhotoKitCompat

  /// What the system picker offers and returns. Mirrors `PHPickerConfiguration`.
  ///
  /// The picker runs outside the app: it needs no authorization and shows the whole library.
  /// Made with `init(photoLibrary:)`, its results carry asset identifiers, which the app can
  /// fetch only as far as its own access allows; made with `init()`, they carry none.
  public struct PHPickerConfiguration: Sendable, Hashable {
    /// How files are handed over. Mirrors `PHPickerConfiguration.AssetRepresentationMode`:
    /// every mode hands over the file as stored (nothing is transcoded on Linux).
    public enum AssetRepresentationMode: Int, Sendable, Hashable {
      case automatic = 0
      case current = 1
      case compatible = 2
    }

    /// The order of the results. Mirrors `PHPickerConfiguration.Selection`: `.ordered` returns
    /// them in the order the user picked, `.default` in the library's order (newest first).
    public enum Selection: Int, Sendable, Hashable {
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
    /// The full picker or a compact row (no display here: nothing changes in the picks).
    public var mode = PHPickerMode.default
    /// Edges without a margin between content and edge (no display here).
    public var edgesWithoutContentMargins: NSDirectionalRectEdge = []
    /// Parts of the interface to leave out (no display here).
    public var disabledCapabilities: PHPickerCapabilities = []
    /// Whether results carry asset identifiers (`init(photoLibrary:)`).
    let identifiesAssets: Bool

    /// A configuration whose results carry no asset identifiers.
    public init() {
      identifiesAssets = false
    }

    /// What `PHPickerViewController.updatePicker(using:)` changes on a shown picker. Mirrors
    /// `PHPickerConfiguration.Update`; nil properties are left as they are.
    public struct Update: Sendable, Hashable {
      /// The new selection limit (0: no limit).
      public var selectionLimit: Int?
      /// The new edges without content margins.
      public var edgesWithoutContentMargins: NSDirectionalRectEdge?

      public init() {}
    }

    /// A configuration whose results carry the picked assets' identifiers.
    public init(photoLibrary: PHPhotoLibrary) {
      identifiesAssets = true
    }
  }
#endif
