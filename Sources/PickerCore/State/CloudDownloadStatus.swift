import PhotoLibrary

/// How a download from iCloud of one asset stands, as the Photos grid shows it on the tile:
/// a cloud while the full version is in iCloud only, the progress while it downloads, the
/// failure when it broke off.
public enum CloudDownloadStatus: Sendable, Equatable, Codable {
  /// Downloading: how far, from 0 to 1.
  case progress(Double)
  /// Every byte arrived: the asset is on the device now.
  case finished
  /// The download failed, for this reason.
  case failed(String)
}

extension PickerState {
  /// What the grid draws on the asset `id` for iCloud: nil for an asset on the device; "☁"
  /// in iCloud only, "☁ 42%" while it downloads, "☁ failed" after a failed download.
  public func cloudBadge(_ id: String) -> String? {
    switch downloads[id] {
    case .progress(let value)?: return "☁ \(Int((value * 100).rounded(.down)))%"
    case .failed?: return "☁ failed"
    case .finished?: return nil
    case nil: return offloaded.contains(id) ? "☁" : nil
    }
  }
}

extension PickerReducer {
  /// Records a download's progress; a finished one makes the asset local (as a device does).
  static func cloudDownload(
    _ id: String, _ status: CloudDownloadStatus, in state: inout PickerState
  ) {
    switch status {
    case .finished:
      state.downloads[id] = nil
      state.offloaded = AssetIDSet(
        state.offloaded.filter { $0.utf8.elementsEqual(id.utf8) == false })
    case .progress, .failed:
      state.downloads[id] = status
    }
  }
}
