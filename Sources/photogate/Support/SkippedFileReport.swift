import PhotoLibrary
import TerminalUI

/// How `assets` and `thumbs` tell the user about the files a scan did not show.
enum SkippedFileReport {
  /// Writes to stderr: with `verbose`, one "skipped" line per skipped file; else one warning per
  /// file that went wrong (unreadable, a link not followed), since a file that is not an image
  /// is no surprise. Problems of shown files (an unreadable image header) are warned about
  /// too when `assetProblems` is set (`thumbs` reports those as failed thumbnails instead).
  static func write(_ scan: FolderScan, verbose: Bool, assetProblems: Bool) {
    let skippedPaths = Set(scan.skipped.map(\.path))
    if verbose {
      for file in scan.skipped {
        StandardError.write("photogate: skipped (\(file.reason.rawValue)): \(name: "\(file)")\n")
      }
    }
    for problem in scan.problems {
      let isSkipped = skippedPaths.contains(problem.path)
      if isSkipped ? !verbose : assetProblems {
        StandardError.write("photogate: warning: \(name: "\(problem)")\n")
      }
    }
  }
}
