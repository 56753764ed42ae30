#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// How pictures go to a terminal, agreed once in the same way for `photogate show` and the
/// gallery: the protocol (`--graphics`, else what the terminal answers for under `auto`),
/// the cell size in pixels, whether tmux stands in between, and whether kitty reads pixel
/// files.
///
/// The terminal is asked (``Terminal/queryGraphics(timeout:insideTmux:passthrough:files:)``)
/// only when a protocol may be the answer; inside tmux, tmux is asked first whether its
/// passthrough lets an answer through (``TmuxPane``).
public struct GraphicsNegotiation {
  /// The protocol to draw with; nil: cells (half blocks, or shades).
  public var graphics: GraphicsProtocol?
  /// A cell's size in pixels: `--cell-size`, else the terminal's answer, else `TIOCGWINSZ`,
  /// else ``CellSize/fallback``.
  public var cell: CellSize
  /// Whether the output goes through tmux (pictures are then wrapped for its passthrough).
  public var insideTmux: Bool
  /// The tmux pane, when inside tmux and tmux said where it is.
  public var pane: TmuxPane?
  /// The pixel files kitty answered it reads (only when asked, and the answer is kitty).
  public var kittyFiles: KittyPixelFiles?
  /// Why `auto` draws cells on a terminal that looks able to show pictures, if it does.
  public var note: String?

  /// Negotiates on `terminal`, the one the output goes to (nil: the output is not a
  /// terminal, so only a protocol named by `choice` applies). `cell` overrides the cell
  /// size; with `files`, kitty is also asked whether it reads pixel files.
  public static func negotiate(
    _ choice: GraphicsChoice, on terminal: Terminal?, environment: [String: String],
    cell: CellSize? = nil, files: KittyPixelFiles? = nil
  ) -> GraphicsNegotiation {
    let insideTmux = terminal != nil && environment["TMUX"] != nil
    var result = GraphicsNegotiation(
      graphics: choice.graphics, cell: cell ?? .fallback, insideTmux: insideTmux)
    guard let terminal, choice == .auto || choice.graphics != nil else { return result }
    result.pane = insideTmux ? TmuxPane.current(environment) : nil
    let replies = terminal.queryGraphics(
      insideTmux: insideTmux, passthrough: result.pane?.passthrough ?? true, files: files)
    if cell == nil {
      result.cell = replies.cell ?? Terminal.cellSize(of: terminal.output) ?? .fallback
    }
    if choice == .auto {
      result.graphics = GraphicsDetection.pick(replies: replies, environment: environment)
      if result.graphics == nil,
        GraphicsDetection.passthroughLooksOff(replies: replies, environment: environment)
      {
        result.note = GraphicsDetection.passthroughNote
      }
    }
    if result.graphics == .kitty, replies.kittyFiles == true { result.kittyFiles = files }
    return result
  }

  /// Negotiates for output to `fd` (`show`): when it is a terminal, asked through stdin when
  /// stdin is one too, else through `/dev/tty` (input from a pipe). With no terminal to ask,
  /// `auto` decides by the environment alone and the cell size is `fd`'s `TIOCGWINSZ`.
  public static func negotiate(
    _ choice: GraphicsChoice, forOutput fd: Int32 = STDOUT_FILENO,
    environment: [String: String], cell: CellSize? = nil
  ) -> GraphicsNegotiation {
    guard isatty(fd) == 1 else {
      return negotiate(choice, on: nil, environment: environment, cell: cell)
    }
    if isatty(STDIN_FILENO) == 1 {
      return negotiate(choice, on: Terminal(output: fd), environment: environment, cell: cell)
    }
    if let tty = try? Terminal.openControlling() {
      return negotiate(choice, on: tty, environment: environment, cell: cell)
    }
    var result = negotiate(
      choice, on: nil, environment: environment,
      cell: cell ?? Terminal.cellSize(of: fd) ?? .fallback)
    result.insideTmux = environment["TMUX"] != nil
    if choice == .auto {
      result.graphics = GraphicsDetection.pick(replies: GraphicsReplies(), environment: environment)
    }
    return result
  }
}
