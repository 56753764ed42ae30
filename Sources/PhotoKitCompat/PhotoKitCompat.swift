@_exported import AVFoundationCompat
@_exported import Foundation
@_exported import UIKitCompat

/// PhotoKit's names, raw values, signatures and threading (`PHPhotoLibrary`, `PHAsset`,
/// `PHFetchResult`, `PHImageManager`…) over the `PhotoLibrary` engine, so that code written
/// against Photos compiles unchanged on Linux behind
/// `#if canImport(Photos) import Photos #else import PhotoKitCompat #endif`.
///
/// Nothing here decides access: every status, prompt, filter and refusal comes from
/// `PhotoLibrarySession`, the engine the command line uses. The "device" the calls run on is
/// set up with `PhotoKitDevice.install(…)`; see docs/photokit-compat-guide.md. Like
/// `import Photos`, importing it brings Foundation (and with it Dispatch and the Core Graphics
/// geometry types).
public enum PhotoKitCompat {}
