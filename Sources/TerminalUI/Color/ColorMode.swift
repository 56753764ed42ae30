/// How many colours the output may use, from 24-bit down to none at all.
///
/// Chosen from the environment by ``detect(environment:)`` the way most terminal tools do
/// (`NO_COLOR`, `COLORTERM`, `TERM`), or forced with `--colors`.
public enum ColorMode: String, Sendable, CaseIterable {
  /// 24-bit direct colour (`38;2;r;g;b`).
  case truecolor
  /// The xterm 256-colour palette (`38;5;n`).
  case palette256 = "256"
  /// The 16 ANSI colours (`30–37`, `90–97`).
  case palette16 = "16"
  /// No colour codes at all.
  case none

  /// The mode an environment asks for.
  ///
  /// A non-empty `NO_COLOR` wins (https://no-color.org); then `COLORTERM=truecolor|24bit`;
  /// then a `TERM` containing `256color`; a missing, empty or `dumb` `TERM` gets no colour;
  /// any other terminal gets the 16 ANSI colours.
  public static func detect(environment: [String: String]) -> ColorMode {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
    let term = (environment["TERM"] ?? "").lowercased()
    if term.contains("256color") { return .palette256 }
    if term.isEmpty || term == "dumb" { return .none }
    return .palette16
  }
}
