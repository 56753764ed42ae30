/// Terminal raw mode, key decoding, a diffing cell buffer, the ANSI image renderer and the
/// gallery app loop. Built in issue 5.
public enum TerminalUI {}
