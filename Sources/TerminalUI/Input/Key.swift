/// A key the user pressed, decoded from the bytes a terminal sends in raw mode.
public enum Key: Sendable, Hashable {
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, space, tab, backspace, delete
  /// Escape on its own (not the start of a sequence).
  case escape
  /// Ctrl-C (byte 0x03: raw mode turns off the terminal's own SIGINT).
  case interrupt
  /// A printable character, including `h`, `j`, `k`, `l`, `q` and `?`.
  case character(Character)
  /// Another control byte (Ctrl-A is 0x01, …).
  case control(UInt8)
}
