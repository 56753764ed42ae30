/// Greedy word wrapping for single-column text: what a dialog's message needs.
enum TextWrap {
  /// `text` broken into lines of at most `width` characters, at spaces when it can, and
  /// at explicit newlines.
  static func lines(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    var out: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        var word = Substring(word)
        while word.count > width {
          if !line.isEmpty {
            out.append(line)
            line = ""
          }
          out.append(String(word.prefix(width)))
          word = word.dropFirst(width)
        }
        if line.isEmpty {
          line = String(word)
        } else if line.count + 1 + word.count <= width {
          line += " " + word
        } else {
          out.append(line)
          line = String(word)
        }
      }
      out.append(line)
    }
    return out
  }

  /// `text` cut to `width` characters, with `…` when it was longer.
  static func truncate(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    guard text.count > width else { return text }
    return String(text.prefix(width - 1)) + "…"
  }
}
