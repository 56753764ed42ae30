/// How a library observation notices changes to the folder.
public enum ChangeDetection: Sendable, Equatable, Hashable {
  /// inotify on the root and every subfolder (Linux), with notices coalesced over 100 ms;
  /// falls back to polling every second where inotify is unavailable or out of watches.
  case automatic
  /// Rescans the folder every `interval` (for file systems without inotify, such as some
  /// network mounts).
  case polling(interval: Duration)
}
