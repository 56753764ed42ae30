import Foundation

/// How many colours the output may use, from 24-bit down to none at all.
///
/// Chosen from the environment by ``detect(environment:tmuxFeatures:)`` the way most terminal
/// tools do (`NO_COLOR`, `COLORTERM`, `TERM`, and tmux's view of the outer terminal), or forced
/// with `--colors`.
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
  /// A non-empty `NO_COLOR` wins (https://no-color.org); then `COLORTERM=truecolor|24bit`; a
  /// missing, empty or `dumb` `TERM` gets no colour; a `TERM` ending in `-direct` is 24-bit.
  /// Inside tmux (`TMUX` set), tmux is asked what the outer terminal supports
  /// (`tmuxFeatures`, by default `#{client_termfeatures}`): `RGB` there (from a terminal with
  /// `Tc` or `RGB`) is 24-bit, any other answer 256 colours. Otherwise a `TERM` containing
  /// `256color` gets 256 colours and any other terminal the 16 ANSI colours.
  public static func detect(
    environment: [String: String], tmuxFeatures: () -> String? = askTmuxFeatures
  ) -> ColorMode {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
    let term = (environment["TERM"] ?? "").lowercased()
    if term.isEmpty || term == "dumb" { return .none }
    if term.hasSuffix("-direct") { return .truecolor }
    if let tmux = environment["TMUX"], !tmux.isEmpty, let features = tmuxFeatures() {
      let names = features.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return names.contains("RGB") || names.contains("Tc") ? .truecolor : .palette256
    }
    if term.contains("256color") { return .palette256 }
    return .palette16
  }

  /// What tmux knows the attached terminal supports (`tmux display-message -p
  /// '#{client_termfeatures}'`, e.g. `256,RGB,title`), or nil when tmux cannot be asked.
  public static func askTmuxFeatures() -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux", "display-message", "-p", "#{client_termfeatures}"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let text = String(decoding: data, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
  }
}
