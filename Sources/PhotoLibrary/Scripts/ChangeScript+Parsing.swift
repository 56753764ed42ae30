import Foundation

/// Reading a script from text (the format is in `docs/library-changes.md`).
extension ChangeScript {
  /// The longest pause `wait` accepts.
  public static let longestWait = Duration.seconds(600)
  /// The longest script read (characters): a script is a page of text, not a data file.
  public static let longestText = 1_000_000

  /// Parses `text`, the script `file` (its name in messages); relative FILE paths are taken
  /// from `baseDirectory`. Throws ``ChangeScriptError`` naming the line and the reason.
  public static func parse(_ text: String, file: String = "script", baseDirectory: URL)
    throws(ChangeScriptError) -> ChangeScript
  {
    func fail(_ line: Int, _ reason: String) -> ChangeScriptError {
      ChangeScriptError(source: file, line: line, reason: reason)
    }
    guard text.utf8.count <= longestText else {
      throw fail(0, "the script is longer than \(longestText) bytes")
    }
    var script = ChangeScript(source: file)
    var open: Transaction?
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = offset + 1
      let words: [String]
      do {
        words = try ScriptLine.words(of: raw)
      } catch {
        throw fail(number, error.reason)
      }
      guard let keyword = words.first else { continue }
      let rest = Array(words.dropFirst())
      switch keyword {
      case "transaction":
        if let open {
          throw fail(
            number, "'transaction' inside the transaction of line \(open.line): end it first")
        }
        guard rest.count <= 1 else { throw fail(number, "usage: transaction [NAME]") }
        open = Transaction(name: rest.first, line: number)
      case "end":
        guard let transaction = open else {
          throw fail(number, "'end' without a 'transaction'")
        }
        guard rest.isEmpty else { throw fail(number, "'end' takes nothing after it") }
        guard !transaction.operations.isEmpty else {
          throw fail(number, "the transaction of line \(transaction.line) holds no change")
        }
        script.steps.append(.transaction(transaction))
        open = nil
      case "wait":
        if let open {
          throw fail(
            number,
            "'wait' inside the transaction of line \(open.line): waits go between transactions")
        }
        guard rest.count == 1, let duration = parseDuration(rest[0]) else {
          throw fail(number, "usage: wait DURATION (such as 500ms, 2s or 1m)")
        }
        guard duration <= longestWait else {
          throw fail(number, "'wait \(rest[0])' is longer than the longest wait, 600s")
        }
        script.steps.append(.wait(duration, line: number))
      default:
        let kind: ChangeOperation.Kind
        do {
          kind = try ScriptLine.operation(keyword, rest, baseDirectory: baseDirectory)
        } catch {
          throw fail(number, error.reason)
        }
        let operation = ChangeOperation(kind, line: number)
        if open != nil {
          open?.operations.append(operation)
        } else {
          script.steps.append(.transaction(Transaction(line: number, operations: [operation])))
        }
      }
    }
    if let open {
      throw fail(open.line, "the transaction of line \(open.line) has no 'end'")
    }
    return script
  }

  /// "500ms", "2s", "1m" (whole numbers).
  static func parseDuration(_ text: String) -> Duration? {
    let units: [(String, Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000)]
    for (unit, milliseconds) in units where text.hasSuffix(unit) {
      let number = text.dropLast(unit.count)
      guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber),
        number.count <= 9, let value = Int64(number)
      else { return nil }
      return .milliseconds(value * milliseconds)
    }
    return nil
  }
}

/// One line of a script: its words, and the operation they name.
enum ScriptLine {
  struct Problem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// The words of `line`: separated by blanks, a `"…"` word may hold blanks (`\"` and `\\`
  /// inside it); `#` outside quotes starts a comment.
  static func words(of line: Substring) throws(Problem) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quoted = false
    var escaped = false
    for character in line {
      if quoted {
        if escaped {
          current.append(character)
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          quoted = false
        } else {
          current.append(character)
        }
        continue
      }
      if character == "#" && !inWord { break }
      if character == " " || character == "\t" || character == "\r" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else if character == "\"" {
        quoted = true
        inWord = true
      } else {
        current.append(character)
        inWord = true
      }
    }
    if quoted { throw Problem("a quoted name is not closed (a '\"' is missing)") }
    if inWord { words.append(current) }
    return words
  }

  /// The operation the words name (after the keyword `keyword`).
  static func operation(_ keyword: String, _ words: [String], baseDirectory: URL)
    throws(Problem) -> ChangeOperation.Kind
  {
    func file(_ path: String) -> URL {
      path.hasPrefix("/")
        ? URL(fileURLWithPath: path)
        : baseDirectory.appendingPathComponent(path, isDirectory: false)
    }
    func id(_ usage: String) throws(Problem) -> String {
      guard words.count == 1 else { throw Problem("usage: \(usage)") }
      return try checkedID(words[0])
    }
    switch keyword {
    case "insert":
      let usage = "insert FILE [as NAME] [into ALBUM]"
      guard let path = words.first else { throw Problem("usage: \(usage)") }
      var name: String?
      var album: String?
      var rest = words.dropFirst()
      while let word = rest.first {
        rest = rest.dropFirst()
        guard let value = rest.first else { throw Problem("usage: \(usage)") }
        rest = rest.dropFirst()
        switch word {
        case "as" where name == nil: name = try checkedName(value)
        case "into" where album == nil: album = try checkedID(value)
        default: throw Problem("usage: \(usage)")
        }
      }
      return .insert(file: file(path), name: name, album: album)
    case "delete": return .delete(id: try id("delete ID"))
    case "modify":
      guard words.count == 3, words[1] == "with" else {
        throw Problem("usage: modify ID with FILE")
      }
      return .modify(id: try checkedID(words[0]), file: file(words[2]))
    case "move":
      if words.count == 3, words[1] == "to" {
        return .move(id: try checkedID(words[0]), album: try checkedID(words[2]), from: nil)
      }
      if words.count == 4, words[1] == "out", words[2] == "of" {
        return .move(id: try checkedID(words[0]), album: nil, from: try checkedID(words[3]))
      }
      throw Problem("usage: move ID to ALBUM, or move ID out of ALBUM")
    case "favourite", "favorite", "unfavourite", "unfavorite":
      return .attribute(.favorite, !keyword.hasPrefix("un"), id: try id("\(keyword) ID"))
    case "hide", "unhide":
      return .attribute(.hidden, keyword == "hide", id: try id("\(keyword) ID"))
    case "album":
      switch (words.first, words.count) {
      case ("create", 2): return .createAlbum(try checkedID(words[1]))
      case ("delete", 2): return .deleteAlbum(try checkedID(words[1]))
      case ("rename", 4) where words[2] == "to":
        return .renameAlbum(try checkedID(words[1]), to: try checkedID(words[3]))
      default:
        throw Problem("usage: album create NAME, album rename NAME to NEW, or album delete NAME")
      }
    default:
      throw Problem(
        "unknown change '\(keyword)' (insert, delete, modify, move, favourite, unfavourite, "
          + "hide, unhide, album, transaction, end, wait)")
    }
  }

  /// An id or album path: relative, '/'-separated, no empty, hidden, '.' or '..' component.
  static func checkedID(_ text: String) throws(Problem) -> String {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    for part in parts {
      if part.isEmpty || part.hasPrefix(".") || part.contains("\0") {
        throw Problem(
          "'\(text)' is not a path inside the library (no empty, hidden, '.' or '..' part)")
      }
    }
    return text
  }

  /// A file name: one path component.
  static func checkedName(_ text: String) throws(Problem) -> String {
    let name = try checkedID(text)
    guard !name.contains("/") else { throw Problem("'\(text)' names a folder: give a file name") }
    return name
  }
}
