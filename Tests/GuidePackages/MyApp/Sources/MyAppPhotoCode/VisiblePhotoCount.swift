import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

/// How many photos the picker can show, asking for access first; nil without access.
func visiblePhotoCount() async -> Int? {
  let status = await PHPhotoLibrary.requestAuthorization(for: .readWrite)
  guard status == .authorized || status == .limited else { return nil }
  let options = PHFetchOptions()
  options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
  return PHAsset.fetchAssets(with: options).count
}
