/// What shows through the transparent parts of an image.
public enum ImageBackground: Sendable, Hashable {
  /// A checkerboard of two greys in squares of 2 × 1 cells (square on screen), as image
  /// editors draw transparency.
  case checkerboard
  /// The terminal's own background: pixels under 50% alpha are left uncoloured, the others
  /// drawn in their own (unpremultiplied) colour.
  case terminal
  /// One solid colour, composited exactly.
  case color(RGB)

  /// The checkerboard's two greys.
  public static let checkerLight = RGB(0x99, 0x99, 0x99)
  public static let checkerDark = RGB(0x66, 0x66, 0x66)

  /// The colour behind pixel (`x`, `y`) of a half-block image (two pixels per cell, one
  /// above the other); `nil` for the terminal's background.
  func color(x: Int, y: Int) -> RGB? {
    switch self {
    case .terminal: return nil
    case .color(let rgb): return rgb
    case .checkerboard: return (x / 2 + y / 2) % 2 == 0 ? Self.checkerLight : Self.checkerDark
    }
  }
}
