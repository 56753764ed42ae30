/// Counts as the screens write them: "100,000", a comma between groups of three digits
/// whatever the locale, so that the text (and its snapshots) reads the same everywhere.
public enum CountText {
  public static func grouped(_ n: Int) -> String {
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
