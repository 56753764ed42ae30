import PhotoLibrary
import PickerCore

extension ScanProgress {
  /// The status line's "Scanning… 41,200 / 100,000" (just "Scanning…" before the walk ends).
  public var statusText: String {
    guard filesFound > 0 else { return "Scanning…" }
    return "Scanning… \(CountText.grouped(filesRead)) / \(CountText.grouped(filesFound))"
  }
}
