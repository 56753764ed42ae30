#if !canImport(AVFoundation)
  import Foundation

  /// A container format. Mirrors `AVFileType`.
  public struct AVFileType: RawRepresentable, Sendable, Equatable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let mov = AVFileType("com.apple.quicktime-movie")
    public static let mp4 = AVFileType("public.mpeg-4")
    public static let m4v = AVFileType("com.apple.m4v-video")
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Copies the movie as it is. Mirrors `AVAssetExportPresetPassthrough`.
  public let AVAssetExportPresetPassthrough = "AVAssetExportPresetPassthrough"
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Re-encoding presets: accepted, but exporting with them fails (no encoder on Linux).
  public let AVAssetExportPresetHighestQuality = "AVAssetExportPresetHighestQuality"
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let AVAssetExportPresetMediumQuality = "AVAssetExportPresetMediumQuality"
  // swift-format-ignore: AlwaysUseLowerCamelCase
  public let AVAssetExportPresetLowQuality = "AVAssetExportPresetLowQuality"

  /// Writes a movie to `outputURL`. Mirrors `AVAssetExportSession`: the passthrough preset
  /// copies the file; every other preset, and any `videoComposition`, fails with an error
  /// saying re-encoding does not exist on Linux.
  public final class AVAssetExportSession: NSObject, @unchecked Sendable {
    /// Where an export stands. Mirrors `AVAssetExportSession.Status`, raw values included.
    public enum Status: Int, Sendable, Equatable {
      case unknown = 0
      case waiting = 1
      case exporting = 2
      case completed = 3
      case failed = 4
      case cancelled = 5
    }

    public let asset: AVAsset
    public let presetName: String
    public var outputURL: URL?
    public var outputFileType: AVFileType?
    public var shouldOptimizeForNetworkUse = false
    /// How frames are composed. Setting one makes the export fail: composing frames means
    /// decoding and encoding them, and there is no video encoder on Linux.
    public var videoComposition: AVVideoComposition?
    public private(set) var status = Status.unknown
    public private(set) var error: (any Error)?

    /// A session exporting `asset` with `presetName`; nil for an asset that is not a file.
    public init?(asset: AVAsset, presetName: String) {
      guard asset is AVURLAsset else { return nil }
      self.asset = asset
      self.presetName = presetName
      super.init()
    }

    /// Exports on a background queue, then calls `handler` there.
    public func exportAsynchronously(completionHandler handler: @escaping @Sendable () -> Void) {
      status = .exporting
      DispatchQueue.global().async {
        self.export()
        handler()
      }
    }

    /// The `async` form of `exportAsynchronously(completionHandler:)`.
    public func export() async {
      await withCheckedContinuation { continuation in
        exportAsynchronously { continuation.resume() }
      }
    }

    private func export() {
      guard let source = (asset as? AVURLAsset)?.url, let outputURL else {
        fail("no outputURL was set")
        return
      }
      guard videoComposition == nil else {
        fail("a videoComposition renders new frames: there is no video encoder on Linux")
        return
      }
      guard presetName == AVAssetExportPresetPassthrough else {
        fail("\(presetName) re-encodes the movie: there is no video encoder on Linux")
        return
      }
      do {
        try FileManager.default.copyItem(at: source, to: outputURL)
        status = .completed
      } catch {
        fail("\(outputURL.path) cannot be written: \(error.localizedDescription)")
      }
    }

    private func fail(_ reason: String) {
      error = AVFoundationCompatError(reason)
      status = .failed
    }
  }

  /// Why an AVFoundation stand-in failed; the message says why.
  public struct AVFoundationCompatError: Error, Sendable, Equatable, CustomStringConvertible,
    LocalizedError
  {
    public var description: String
    public init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
  }
#endif
