#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

extension Terminal {
  /// The cell size in pixels from `ioctl(TIOCGWINSZ)`'s pixel fields, `nil` when the
  /// terminal leaves them zero.
  public static func cellSize(of fd: Int32 = STDOUT_FILENO) -> CellSize? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
      size.ws_xpixel > 0, size.ws_ypixel > 0
    else { return nil }
    return CellSize(
      width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
  }

  /// One round of capability queries (``GraphicsDetection/queries(insideTmux:)``): echo and
  /// line editing are off while it runs, and it ends as soon as the Device Attributes reply
  /// arrives (inside tmux with `passthrough` on: and kitty's, which only a terminal outside
  /// that speaks kitty graphics sends), or after `timeout` milliseconds from a terminal that
  /// does not answer. The cell size falls back to `TIOCGWINSZ`'s pixels. With `files`, kitty
  /// is also asked whether it reads pixel files (a one-pixel file, removed after the round).
  /// Returns no replies when either end is not a terminal.
  public func queryGraphics(
    timeout: Int32 = 250, insideTmux: Bool, passthrough: Bool = true,
    files: KittyPixelFiles? = nil
  ) -> GraphicsReplies {
    guard isInteractive else { return GraphicsReplies() }
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { return GraphicsReplies() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    _ = tcsetattr(input, TCSANOW, &quiet)
    defer { _ = tcsetattr(input, TCSANOW, &saved) }
    let probe = files?.write([0, 0, 0])
    defer { files?.removeAll() }
    write(GraphicsDetection.queries(insideTmux: insideTmux, probe: probe))

    var received: [UInt8] = []
    var replies = GraphicsReplies()
    var clock = timespec()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    let deadline = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000 + Int64(timeout)
    // Inside tmux, tmux answers the attributes itself at once while kitty's answer comes
    // through the passthrough later: wait for it too (up to the timeout), or it would
    // arrive as keys. With the passthrough off no answer can come.
    while !replies.complete
      || (insideTmux && passthrough
        && (!replies.kitty || (probe != nil && replies.kittyFiles == nil)))
    {
      clock_gettime(CLOCK_MONOTONIC, &clock)
      let left = deadline - (Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000)
      guard left > 0 else { break }
      let chunk = read(timeout: Int32(left))
      if chunk.isEmpty { continue }
      received += chunk
      replies = GraphicsReplies(parsing: received)
    }
    if replies.cell == nil { replies.cell = Self.cellSize(of: output) }
    return replies
  }
}
