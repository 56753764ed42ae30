import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore

/// Everything that can happen to the gallery: keys, resizes, thumbnails arriving from the
/// background loader, library changes, a timer, and what the gallery's own commands found
/// off the loop (bubbletea's `Msg`).
public enum GalleryEvent: Sendable {
  /// A key from ``KeyDecoder``.
  case key(Key)
  /// The terminal has a new size (SIGWINCH).
  case resized(TerminalSize)
  /// A thumbnail is ready.
  case thumbnailLoaded(id: String, image: PixelImage)
  /// A thumbnail could not be made, for this reason (the decoder's, without the path).
  case thumbnailFailed(id: String, reason: String)
  /// The full-screen preview's picture, decoded to fit `longSide` (nil: it could not be).
  case previewLoaded(id: String, longSide: Int, image: PixelImage?)
  /// Files in the library folder changed (`PHPhotoLibraryChangeObserver`).
  case libraryChanged
  /// The app's stored permission state changed (`PHPhotoLibraryChangeObserver`): the
  /// selection, or (made elsewhere: another `photogate` command) the app's access, which
  /// terminates the running app.
  case permissionsChanged(PhotoLibraryChange)
  /// The app's stored permission state could not be read after a change (a damaged file).
  case permissionsUnreadable(String)
  /// Files already in the library were rewritten: their thumbnails are stale.
  case assetsModified([String])
  /// A picture for a graphics protocol was encoded in the background
  /// (``GraphicsScreen/encodeInBackground(_:)``); the screen, not the model, takes it.
  case graphicEncoded(GraphicEncoding)
  /// The library's first scan has gone on (or ended: ``ScanProgress/isFinished``).
  case scanProgress(ScanProgress)
  /// The notice has been up for ``GalleryRunner/noticeSeconds`` with nothing else happening.
  case noticeExpired
  /// What a picker effect came to (the engine's answer, run off the loop), for the reducer.
  case picker(PickerAction)
  /// The simulated device as a command left it: what the permission menu shows, and a store
  /// error to show on the notice line, if there was one.
  case deviceRead(DeviceInfo, error: String?)
  /// Files the engine let the app (or system UI) read, looked up off the loop.
  case filesResolved(ResolvedFiles)
  /// A download from iCloud of the asset `id` (started by opening it in the preview) went
  /// on, ended or failed.
  case cloudDownload(id: String, CloudDownloadStatus)
  /// A command run off the loop finished with these events, handled next in this order.
  case commandFinished([GalleryEvent])
}

/// Files a command looked up through the session's access, for the loop to act on.
public enum ResolvedFiles: Sendable {
  /// Thumbnails to load.
  case thumbnails([(id: String, url: URL)])
  /// The full-screen preview's picture to decode to fit `longSide`.
  case preview(id: String, url: URL, longSide: Int)
  /// The picked photos' absolute paths, in pick order.
  case picked([String])
}

extension GalleryEvent {
  /// The gallery's event for what the simulated device told the app.
  public init(_ event: DeviceEvent) {
    switch event {
    case .libraryChanged: self = .libraryChanged
    case .assetsModified(let ids): self = .assetsModified(ids)
    case .scanProgress(let progress): self = .scanProgress(progress)
    case .permissionsChanged(let change): self = .permissionsChanged(change)
    case .permissionsUnreadable(let message): self = .permissionsUnreadable(message)
    }
  }
}
