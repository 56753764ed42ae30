/// A picture the terminal draws itself over a box of cells, already encoded for one
/// ``GraphicsProtocol``.
public struct GraphicPreview: Sendable, Hashable {
  /// The protocol ``data`` is encoded for.
  public var graphics: GraphicsProtocol
  /// Cells covered by the picture.
  public var columns: Int
  public var rows: Int
  /// Where the picture starts inside its box, in cells.
  public var offsetX: Int
  public var offsetY: Int
  /// The picture's size in pixels.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// The encoded picture: for kitty the PNG to transmit, for sixel the whole `DCS … ST`
  /// sequence, for iTerm2 the PNG file.
  public var data: [UInt8]

  public init(
    graphics: GraphicsProtocol, columns: Int, rows: Int, offsetX: Int = 0, offsetY: Int = 0,
    pixelWidth: Int, pixelHeight: Int, data: [UInt8]
  ) {
    self.graphics = graphics
    self.columns = columns
    self.rows = rows
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.data = data
  }
}

/// The terminal graphics protocols previews can use.
public enum GraphicsProtocol: String, Sendable, Hashable, CaseIterable {
  /// kitty's graphics protocol (`ESC _ G … ESC \`): kitty, WezTerm, Ghostty, Konsole.
  case kitty
  /// DEC sixel (`ESC P … q … ESC \`): xterm -ti vt340, foot, mlterm, WezTerm, Windows
  /// Terminal.
  case sixel
  /// iTerm2's inline images (`ESC ] 1337 ; File=… BEL`): iTerm2, WezTerm.
  case iterm
}
