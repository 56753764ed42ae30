extension CellStyle {
  /// This style as `mode` can show it (see ``TerminalColor/adapted(to:)``).
  public func adapted(to mode: ColorMode) -> CellStyle {
    if mode == .truecolor { return self }
    return CellStyle(
      foreground: foreground.adapted(to: mode), background: background.adapted(to: mode),
      attributes: attributes)
  }
}
