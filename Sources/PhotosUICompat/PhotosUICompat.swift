@_exported import PhotoKitCompat

/// PhotosUI's system photo picker (`PHPickerViewController`, `PHPickerConfiguration`,
/// `PHPickerFilter`, `PHPickerResult`) and the `NSItemProvider` loading of what was picked,
/// over PhotoKitCompat's device, so that picker code compiles unchanged on Linux behind
/// `#if canImport(PhotosUI) import PhotosUI #else import PhotosUICompat #endif`.
public enum PhotosUICompat {}
