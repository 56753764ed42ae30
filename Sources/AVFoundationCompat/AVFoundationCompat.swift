#if canImport(AVFoundation)
  @_exported import AVFoundation
#else
  @_exported import Foundation
#endif

/// Minimal stand-ins for the AVFoundation and CoreMedia types PhotoKit's video requests hand
/// out (`AVURLAsset`, `AVPlayerItem`, `AVAssetExportSession`, `CMTime`), defined only where
/// AVFoundation does not exist. They carry a movie's file URL and the facts read from its
/// header (duration, size, frame rate); nothing plays, decodes or transcodes on Linux.
/// `PhotoKitCompat` re-exports this module.
public enum AVFoundationCompat {}
