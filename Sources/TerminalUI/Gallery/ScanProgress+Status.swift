import PhotoLibrary

extension ScanProgress {
  /// The status line's "Scanning… 41,200 / 100,000" (just "Scanning…" before the walk ends).
  public var statusText: String {
    guard filesFound > 0 else { return "Scanning…" }
    return "Scanning… \(Self.grouped(filesRead)) / \(Self.grouped(filesFound))"
  }

  /// `n` with a comma between groups of three digits, whatever the locale.
  static func grouped(_ n: Int) -> String {
    var digits = String(n.magnitude)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return (n < 0 ? "-" : "") + groups.joined(separator: ",")
  }
}
