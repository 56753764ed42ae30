/// The Info.plist keys that the photo-library permission model reads, once per launch.
///
/// Mirrors what iOS reads from an app bundle: `NSPhotoLibraryUsageDescription`,
/// `NSPhotoLibraryAddUsageDescription`, `PHPhotoLibraryPreventAutomaticLimitedAccessAlert`, and
/// `CFBundleDisplayName` / `CFBundleName` for the “<App>” in prompt titles. Load a real file with
/// `InfoPlist(contentsOf:)`.
public struct InfoPlist: Sendable, Equatable {
  /// `NSPhotoLibraryUsageDescription`: the body of read/write (and every iOS 13) prompt and of
  /// the automatic limited-access alert.
  public var usageDescription: String?
  /// `NSPhotoLibraryAddUsageDescription`: the body of the add-only prompt (iOS 14+).
  public var addUsageDescription: String?
  /// `PHPhotoLibraryPreventAutomaticLimitedAccessAlert` (or its older name
  /// `NSPhotoLibraryLimitedAccessAPISupport`): true suppresses the automatic alert.
  public var preventAutomaticLimitedAccessAlert: Bool
  /// The name under which the prevent key was found in the file, if it was.
  public var preventAlertKey: String?
  /// The prevent key's value when it was a string or a number rather than a boolean (read as
  /// Foundation reads it as a boolean; `lint` warns about it).
  public var preventAlertText: String?
  /// `CFBundleDisplayName`, else `CFBundleName`.
  public var displayName: String?

  public init(
    usageDescription: String? = nil, addUsageDescription: String? = nil,
    preventAutomaticLimitedAccessAlert: Bool = false, displayName: String? = nil
  ) {
    self.usageDescription = usageDescription
    self.addUsageDescription = addUsageDescription
    self.preventAutomaticLimitedAccessAlert = preventAutomaticLimitedAccessAlert
    self.displayName = displayName
  }

  /// The built-in plist used when none is given: both usage descriptions, prevent key unset.
  public static let builtIn = InfoPlist(
    usageDescription: "PhotoGate shows your photos so that you can pick the ones to share.",
    addUsageDescription: "PhotoGate saves the pictures you make to your photo library.",
    preventAutomaticLimitedAccessAlert: false,
    displayName: nil)

  /// The “<App>” name: the display name, else the last component of the bundle id.
  public func appName(bundleID: String) -> String {
    if let displayName, !displayName.isEmpty { return displayName }
    let last = bundleID.split(separator: ".").last.map(String.init) ?? bundleID
    return last.isEmpty ? bundleID : last
  }

  /// The key a request for `level` needs on `ios` (iOS 13 and read/write need the usage key).
  public static func key(for level: AccessLevel, ios: IOSVersion) -> String {
    level == .addOnly && ios.hasAccessLevels ? Key.addUsage : Key.usage
  }

  /// The key names, exactly as iOS spells them.
  public enum Key {
    public static let usage = "NSPhotoLibraryUsageDescription"
    public static let addUsage = "NSPhotoLibraryAddUsageDescription"
    public static let preventAlert = "PHPhotoLibraryPreventAutomaticLimitedAccessAlert"
    /// The prevent key's older name, still honoured.
    public static let preventAlertOldName = "NSPhotoLibraryLimitedAccessAPISupport"
    public static let displayName = "CFBundleDisplayName"
    public static let bundleName = "CFBundleName"
  }
}
