/// What a cell looks like apart from its character: colours and attributes.
///
/// It is also the "pen" the renderers track: the SGR state the terminal is in.
public struct CellStyle: Sendable, Hashable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: CellAttributes

  public init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: CellAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's state after `ESC [ m`.
  public static let plain = CellStyle()
}
