/// A colour as a terminal understands it: its default, a palette index, or 24-bit RGB.
///
/// Mirrors the three SGR colour forms: `39`/`49` (default), `30–37`, `90–97`, `38;5;n`
/// (indexed) and `38;2;r;g;b` (direct colour).
public enum TerminalColor: Sendable, Hashable {
  /// The terminal's own foreground or background.
  case `default`
  /// An entry of the xterm 256-colour palette (0–15 are the ANSI colours).
  case indexed(UInt8)
  /// A direct 24-bit colour.
  case rgb(RGB)

  /// A direct colour from its components.
  public static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> TerminalColor {
    .rgb(RGB(r, g, b))
  }

  /// This colour as `mode` can show it: direct colours are quantized to the 256- or
  /// 16-colour palette, and everything becomes `.default` under `.none`.
  public func adapted(to mode: ColorMode) -> TerminalColor {
    switch (mode, self) {
    case (.none, _): return .default
    case (_, .default): return self
    case (.truecolor, _): return self
    case (.palette256, .rgb(let rgb)): return .indexed(ColorQuantizer.nearest256(rgb))
    case (.palette256, .indexed): return self
    case (.palette16, .rgb(let rgb)): return .indexed(ColorQuantizer.nearest16(rgb))
    case (.palette16, .indexed(let index)):
      if index < 16 { return self }
      return .indexed(ColorQuantizer.nearest16(ColorQuantizer.xterm256[Int(index)]))
    }
  }
}
