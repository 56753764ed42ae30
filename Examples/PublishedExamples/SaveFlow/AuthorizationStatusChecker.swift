// The save-flow article, "Judgment device", as published (only the imports added).

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

class AuthorizationStatusChecker {
  enum PhotoLibraryAuthorizationStatus {
    case readWrite
    case addOnly
    case denied
  }
  static func checkPhotoLibrary(handler: @escaping (PhotoLibraryAuthorizationStatus) -> Void) {
    let readWrite = PHPhotoLibrary.authorizationStatus(for: .readWrite)
    let addOnly = PHPhotoLibrary.authorizationStatus(for: .addOnly)
    switch (readWrite, addOnly) {
    case (.authorized, _):
      handler(.readWrite)
    case (.notDetermined, _):
      PHPhotoLibrary.requestAuthorization(for: .readWrite) { (_: PHAuthorizationStatus) in
        Self.checkPhotoLibrary(handler: handler)
      }
    case (_, .authorized), (_, .limited):
      handler(.addOnly)
    case (_, .notDetermined):
      PHPhotoLibrary.requestAuthorization(for: .addOnly) { (_: PHAuthorizationStatus) in
        Self.checkPhotoLibrary(handler: handler)
      }
    default:
      handler(.denied)
    }
  }
}
