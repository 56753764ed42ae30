/// One character cell of the screen: a single-column character and its style.
///
/// Wide (two-column) characters are not modelled: callers draw single-column text.
public struct Cell: Sendable, Hashable {
  public var character: Character
  public var style: CellStyle

  public init(_ character: Character = " ", style: CellStyle = .plain) {
    self.character = character
    self.style = style
  }

  public init(
    _ character: Character, foreground: TerminalColor = .default,
    background: TerminalColor = .default,
    attributes: CellAttributes = []
  ) {
    self.init(
      character,
      style: CellStyle(foreground: foreground, background: background, attributes: attributes))
  }

  /// A blank cell in the terminal's default colours.
  public static let blank = Cell()
}
