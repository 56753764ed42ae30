#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import Foundation

  /// One picked asset. Mirrors `PHPickerResult`.
  public struct PHPickerResult: Equatable, Hashable, @unchecked Sendable {
    /// Loads the picked file (the app needs no authorization for it).
    public let itemProvider: NSItemProvider
    /// The asset's identifier, with a configuration made by `init(photoLibrary:)`; nil
    /// otherwise.
    public let assetIdentifier: String?
  }
#endif
