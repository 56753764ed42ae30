// The module `Photos` on Linux: `import Photos` brings what it brings on iOS (PhotoKit, with
// Foundation), here PhotoKitCompat, which also re-exports UIKitCompat and AVFoundationCompat.
// Module-qualified names (`Photos.PHAsset`, `Photos.PHAssetImageProgressHandler`) resolve
// through the re-export. The module declares nothing of its own: a type named `Photos` here
// would capture `Photos.PHAsset`.
//
// On Apple platforms the module is empty (Apple's Photos framework is the real one); clients
// depend on it only `.when(platforms: [.linux])` (docs/photokit-compat-guide.md).

#if !canImport(Darwin)
  @_exported import PhotoKitCompat
#endif
