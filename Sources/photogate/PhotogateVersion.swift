/// The tool's version, shown by `photogate --version` with the git commit it was built from.
enum PhotogateVersion {
  /// The release number.
  static let number = "0.1.0"

  /// `0.1.0 (commit 0123456789ab)`, or `0.1.0 (unknown commit)` when built outside a git
  /// checkout. The commit is recorded before each build by `BuildInfoPlugin`.
  static let string = "\(number) (\(BuildInfo.commit.map { "commit \($0)" } ?? "unknown commit"))"
}
