import PhotoLibrary
import PickerCore

extension ScanProgress {
  /// The status line's "Scanning… 41,200 / 100,000" (just "Scanning…" before the walk ends),
  /// or "Scanning… 41,200 files" while the files are read as they are found.
  public var statusText: String {
    guard filesFound > 0 else { return "Scanning…" }
    if isCounting { return "Scanning… \(CountText.grouped(filesRead)) files" }
    return "Scanning… \(CountText.grouped(filesRead)) / \(CountText.grouped(filesFound))"
  }
}
