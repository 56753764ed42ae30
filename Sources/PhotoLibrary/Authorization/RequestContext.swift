/// What a request needs besides the stored state: the device, the app's Info.plist, and the
/// library size for the iOS 17+ prompt.
public struct RequestContext: Sendable, Equatable {
  public var ios: IOSVersion
  public var infoPlist: InfoPlist
  /// The bundle id, used for “<App>” when the plist has no display name.
  public var bundleID: String
  /// How many assets the whole library holds ("N Photos" on iOS 17+).
  public var libraryCount: Int
  /// A few of the newest asset ids (sample thumbnails on iOS 17+).
  public var sampleAssetIDs: [String]

  public init(
    ios: IOSVersion, infoPlist: InfoPlist = .builtIn, bundleID: String = "com.example.picker",
    libraryCount: Int = 0, sampleAssetIDs: [String] = []
  ) {
    self.ios = ios
    self.infoPlist = infoPlist
    self.bundleID = bundleID
    self.libraryCount = libraryCount
    self.sampleAssetIDs = sampleAssetIDs
  }

  /// The “<App>” of prompt titles.
  public var appName: String { infoPlist.appName(bundleID: bundleID) }
}
