#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  /// Parts of the picker's interface. Mirrors `PHPickerCapabilities`, raw values included.
  /// The stand-in has no display; disabling `.selectionActions` still leaves the picks to the
  /// scripted user.
  public struct PHPickerCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The search bar.
    public static let search = PHPickerCapabilities(rawValue: 1 << 0)
    /// The area showing the selected photos.
    public static let stagingArea = PHPickerCapabilities(rawValue: 1 << 1)
    /// The sidebar or the Albums tab.
    public static let collectionNavigation = PHPickerCapabilities(rawValue: 1 << 2)
    /// The Cancel and Add buttons.
    public static let selectionActions = PHPickerCapabilities(rawValue: 1 << 3)
    /// The Communication Safety intervention for sensitive photos.
    public static let sensitivityAnalysisIntervention = PHPickerCapabilities(rawValue: 1 << 4)
  }
#endif
