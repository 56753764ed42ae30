// The module `PhotosUI` on Linux: `import PhotosUI` brings what it brings on iOS (the system
// photo picker, and Photos, which PhotosUI imports), here PhotosUICompat and the `Photos`
// module. Module-qualified names (`PhotosUI.PHPickerViewController`) resolve through the
// re-exports. The module declares nothing of its own, so that no type shadows a qualified name.
//
// On Apple platforms the module is empty (Apple's PhotosUI framework is the real one); clients
// depend on it only `.when(platforms: [.linux])` (docs/photokit-compat-guide.md).

#if !canImport(Darwin)
  @_exported import Photos
  @_exported import PhotosUICompat
#endif
