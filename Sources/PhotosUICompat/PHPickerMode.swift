#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  /// How the picker lays itself out: the full picker or a compact single row. Mirrors
  /// `PHPickerMode` (`PHPickerModeDefault` 0, `PHPickerModeCompact` 1). The stand-in has no
  /// display: the mode changes what would be drawn, not what the user picks.
  public struct PHPickerMode: Sendable, Hashable {
    let rawValue: Int

    public static let `default` = PHPickerMode(rawValue: 0)
    public static let compact = PHPickerMode(rawValue: 1)
  }
#endif
