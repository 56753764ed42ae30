import PhotoLibrary
import TerminalUI

/// Plain-text renderings of prompts and alerts for the terminal.
enum PromptText {
  /// A prompt as a boxed block: title, message, optional "N Photos", buttons.
  static func prompt(_ prompt: AuthorizationPrompt) -> String {
    var lines = ["┌ \(name: prompt.title)", "│ \(name: prompt.message)"]
    if let count = prompt.photoCountText {
      let samples = TerminalSafe.escape(prompt.sampleAssetIDs.joined(separator: ", "))
      lines.append("│ " + (samples.isEmpty ? count : "[\(samples)] \(count)"))
    }
    if prompt.isUpgraded {
      lines.append(
        "│ (an add-only request, upgraded: NSPhotoLibraryAddUsageDescription is missing)")
    }
    lines.append("└ " + prompt.buttons.map { "[\($0.label)]" }.joined(separator: " "))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The automatic limited-access alert and the choice made.
  static func alert(_ alert: LimitedAccessAlert, choice: LimitedAccessAlertChoice) -> String {
    let chosen = choice.label
    return """
      ┌ \(name: alert.title)
      │ \(name: alert.message)
      └ \(alert.buttons.map { "[\($0)]" }.joined(separator: " ")) → \(chosen)\
      \(choice == .keepCurrentSelection ? " (use --alert select-more to pick more)" : "")

      """
  }
}
