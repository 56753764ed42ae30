import Foundation
import PhotoLibrary
import TerminalUI

/// How `assets` and `thumbs` tell the user about the files a scan did not show.
enum SkippedFileReport {
  /// Writes to stderr: with `verbose`, one "skipped" line per skipped file; else one warning per
  /// file that went wrong (unreadable, a link not followed), since a file that is not an image
  /// is no surprise. Problems of shown files (an unreadable image header) are warned about
  /// too when `assetProblems` is set (`thumbs` reports those as failed thumbnails instead).
  /// With a `ledger`, a warning it has already seen is left out (see ``Ledger``).
  static func write(
    _ scan: FolderScan, verbose: Bool, assetProblems: Bool, ledger: inout Ledger?
  ) {
    let skippedPaths = Set(scan.skipped.map(\.path))
    if verbose {
      for file in scan.skipped {
        StandardError.write("photogate: skipped (\(file.reason.rawValue)): \(name: "\(file)")\n")
      }
    }
    var warned: [ScanProblem] = []
    for problem in scan.problems {
      let isSkipped = skippedPaths.contains(problem.path)
      if isSkipped ? !verbose : assetProblems { warned.append(problem) }
    }
    warn(warned, ledger: &ledger)
  }

  static func write(_ scan: FolderScan, verbose: Bool, assetProblems: Bool) {
    var ledger: Ledger? = nil
    write(scan, verbose: verbose, assetProblems: assetProblems, ledger: &ledger)
  }

  /// One "warning:" line per problem the `ledger` has not seen (each, without one), then a
  /// count of those left out.
  static func warn(_ problems: [ScanProblem], ledger: inout Ledger?) {
    var repeated = 0
    for problem in problems {
      if ledger?.isNew(problem) ?? true {
        StandardError.write("photogate: warning: \(name: "\(problem)")\n")
      } else {
        repeated += 1
      }
    }
    if repeated > 0 {
      StandardError.write(
        "photogate: \(repeated) \(repeated == 1 ? "warning" : "warnings") as before, "
          + "for unchanged files (--all-warnings prints them)\n")
    }
  }

  /// The warnings already printed about a library, remembered in the state dir
  /// (`reported-warnings.json`: per library folder, one key per problem: the file's path,
  /// size and modification time and the reason), so that a problem is printed once per change
  /// of its file. A missing or damaged record counts as empty (everything is printed again)
  /// and is replaced atomically; failing to save it only means printing again next time.
  struct Ledger {
    let file: URL
    let library: String
    private var record: [String: [String]]
    private var before: Set<String>
    private var now: Set<String> = []

    init(stateDirectory: URL, library: URL) {
      file = stateDirectory.appendingPathComponent("reported-warnings.json")
      self.library = library.standardizedFileURL.path
      let data = try? Data(contentsOf: file)
      record = data.flatMap { try? JSONDecoder().decode([String: [String]].self, from: $0) } ?? [:]
      before = Set(record[self.library] ?? [])
    }

    /// Whether `problem` was not reported before for this file as it is now; remembers it.
    mutating func isNew(_ problem: ScanProblem) -> Bool {
      let key = Self.key(problem)
      now.insert(key)
      return !before.contains(key)
    }

    /// Keeps the problems seen this time, and only those: one that went away and comes back
    /// is printed again.
    func save() {
      guard now != before else { return }
      var record = record
      record[library] = now.isEmpty ? nil : now.sorted()
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
      guard let data = try? encoder.encode(record) else { return }
      try? FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? data.write(to: file, options: .atomic)
    }

    /// The problem's path, its file's size and modification time (lstat; "-" when gone) and
    /// the reason.
    static func key(_ problem: ScanProblem) -> String {
      let attributes = try? FileManager.default.attributesOfItem(atPath: problem.url.path)
      let size = (attributes?[.size] as? NSNumber)?.stringValue ?? "-"
      let modified =
        (attributes?[.modificationDate] as? Date).map { String($0.timeIntervalSince1970) } ?? "-"
      return "\(problem.path)\t\(size)\t\(modified)\t\(problem.reason)"
    }
  }
}
