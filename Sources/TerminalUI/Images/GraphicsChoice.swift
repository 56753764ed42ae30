/// What `--graphics` (or `PHOTOGATE_GRAPHICS`) asks previews to use.
public enum GraphicsChoice: String, Sendable, Hashable, CaseIterable {
  /// The best the terminal answers to (``GraphicsDetection``); half blocks when it is not
  /// a terminal or answers nothing.
  case auto
  case kitty
  case sixel
  case iterm
  /// Half blocks (shades under `NO_COLOR`).
  case blocks
  /// No pixels and no colours: shade characters only.
  case none

  /// The environment variable that sets the choice when the option is not given.
  public static let environmentKey = "PHOTOGATE_GRAPHICS"

  /// The protocol asked for explicitly, if any.
  public var graphics: GraphicsProtocol? {
    switch self {
    case .kitty: return .kitty
    case .sixel: return .sixel
    case .iterm: return .iterm
    case .auto, .blocks, .none: return nil
    }
  }
}

/// The answers to one round of capability queries, and what they mean.
public struct GraphicsReplies: Sendable, Hashable {
  /// kitty answered its graphics query with `OK`.
  public var kitty = false
  /// kitty's answer to the temporary-file query (``KittyGraphics/fileQuery(path:)``): true
  /// when it read the file, false on an error; `nil` before (or without) an answer.
  public var kittyFiles: Bool?
  /// Primary Device Attributes (`CSI ? … c`) include 4: sixel graphics.
  public var sixel = false
  /// Whether the Device Attributes reply arrived (it answers last, so the round is over).
  public var complete = false
  /// The cell size in pixels from `CSI 6 ; height ; width t`.
  public var cell: CellSize?

  public init(cell: CellSize? = nil) {
    self.cell = cell
  }

  /// Reads the replies in `bytes`; anything else is ignored.
  public init(parsing bytes: [UInt8]) {
    var i = 0
    while i < bytes.count {
      guard bytes[i] == 0x1B, i + 1 < bytes.count else {
        i += 1
        continue
      }
      if bytes[i + 1] == UInt8(ascii: "_") {
        // APC … ST: kitty's answer `G i=31;OK`.
        var end = i + 2
        while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == 0x5C) { end += 1 }
        let body = String(decoding: bytes[(i + 2)..<min(end, bytes.count)], as: UTF8.self)
        if body.hasPrefix("G"), body.contains("i=31"), body.hasSuffix(";OK") { kitty = true }
        if body.hasPrefix("G"), body.contains("i=32;") { kittyFiles = body.hasSuffix(";OK") }
        i = end + 2
      } else if bytes[i + 1] == UInt8(ascii: "[") {
        var end = i + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { break }
        let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
        let final = bytes[end]
        if final == UInt8(ascii: "c"), body.hasPrefix("?") {
          complete = true
          if body.dropFirst().split(separator: ";").contains("4") { sixel = true }
        } else if final == UInt8(ascii: "t") {
          let numbers = body.split(separator: ";").compactMap { Int($0) }
          if numbers.count == 3, numbers[0] == 6, numbers[1] > 0, numbers[2] > 0 {
            cell = CellSize(width: numbers[2], height: numbers[1])
          }
        }
        i = end + 1
      } else {
        i += 1
      }
    }
  }
}

/// Picks the preview backend from the choice, the environment and the query replies.
public enum GraphicsDetection {
  /// The queries of one round: kitty's `a=q` and, with a `probe` file, its temporary-file
  /// query (through tmux's passthrough inside tmux), the cell size (`CSI 16 t`), then
  /// Primary Device Attributes (`CSI c`), which every terminal answers, and answers last.
  public static func queries(insideTmux: Bool, probe: String? = nil) -> [UInt8] {
    var kitty = KittyGraphics.query
    if let probe { kitty += KittyGraphics.fileQuery(path: probe) }
    if insideTmux { kitty = TmuxPassthrough.wrapEach(kitty) }
    return kitty + Array("\u{1B}[16t\u{1B}[c".utf8)
  }

  /// The protocol `auto` picks: kitty if it answered, iTerm2 by `TERM_PROGRAM`, sixel if the
  /// device attributes say so, kitty by `KITTY_WINDOW_ID`/`TERM`; else none (half blocks).
  /// `NO_COLOR` keeps previews in text.
  public static func pick(replies: GraphicsReplies, environment: [String: String])
    -> GraphicsProtocol?
  {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
    let program = environment["TERM_PROGRAM"] ?? ""
    let term = environment["TERM"] ?? ""
    if replies.kitty { return .kitty }
    if program == "iTerm.app" { return .iterm }
    if replies.sixel { return .sixel }
    if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty"
      || program == "ghostty"
    {
      return replies.complete ? nil : .kitty
    }
    if program == "WezTerm" { return .iterm }
    return nil
  }

  /// What `auto` says when ``passthroughLooksOff(replies:environment:)``.
  public static let passthroughNote =
    "kitty images do not reach the terminal through tmux "
    + "('set -g allow-passthrough on' lets them); showing half blocks"

  /// Whether the kitty graphics of a terminal outside tmux are likely lost to tmux's
  /// `allow-passthrough off`: inside tmux, in kitty by the environment, with no answer.
  public static func passthroughLooksOff(replies: GraphicsReplies, environment: [String: String])
    -> Bool
  {
    guard environment["TMUX"] != nil, !replies.kitty else { return false }
    return environment["KITTY_WINDOW_ID"] != nil
      || (environment["TERM_PROGRAM"] ?? "").lowercased() == "ghostty"
  }
}
