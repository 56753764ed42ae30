/// The system permission prompt as a value: what iOS would show, per version
/// (docs/permission-model.md#requests-and-prompts).
///
/// Mirrors the alert TCC shows for `requestAuthorization`. Build one with
/// `AuthorizationPrompt(level:ios:appName:…)` or get it from `AuthorizationState.beginRequest`;
/// answer it with one of its `buttons`, identified by ``PromptButton/Role`` (see
/// `button(for:)`, `button(matching:)`).
public struct AuthorizationPrompt: Sendable, Equatable, Codable {
  /// The API call that led to this prompt.
  public var request: AuthorizationRequest
  /// The level actually asked for: read/write when an add-only request was upgraded.
  public var level: AccessLevel
  /// True when an add-only request became a read/write one because
  /// `NSPhotoLibraryAddUsageDescription` is missing.
  public var isUpgraded: Bool
  public var ios: IOSVersion
  public var title: String
  /// The usage description from Info.plist.
  public var message: String
  /// In iOS order, top to bottom.
  public var buttons: [PromptButton]
  /// iOS 17+ read/write only: "N Photos" under the sample thumbnails.
  public var photoCountText: String?
  /// iOS 17+ read/write only: the ids of the sample thumbnails (a few of the newest assets).
  public var sampleAssetIDs: [String]

  public init(
    request: AuthorizationRequest, level: AccessLevel, isUpgraded: Bool = false,
    ios: IOSVersion, appName: String, message: String, addOnlyAuthorized: Bool = false,
    libraryCount: Int = 0, sampleAssetIDs: [String] = []
  ) {
    self.request = request
    self.level = level
    self.isUpgraded = isUpgraded
    self.ios = ios
    self.message = message
    let app = "“\(appName)”"
    func button(_ role: PromptButton.Role) -> PromptButton {
      PromptButton(role, ios: ios, level: level)
    }
    if !ios.hasAccessLevels {
      title = "\(app) Would Like to Access Your Photos"
      buttons = [button(.deny), button(.allow)]
      photoCountText = nil
      self.sampleAssetIDs = []
    } else if level == .addOnly {
      title = "\(app) Would Like to Add to your Photos"
      buttons = [button(.deny), button(.allow)]
      photoCountText = nil
      self.sampleAssetIDs = []
    } else {
      let deny = button(addOnlyAuthorized ? .keepAddOnly : .deny)
      buttons = [button(.limit), button(.allow), deny]
      if ios >= .iOS17 {
        title = "\(app) would like full access to your Photo Library."
        photoCountText = Self.photoCount(libraryCount)
        self.sampleAssetIDs = Array(sampleAssetIDs.prefix(Self.sampleCount))
      } else {
        title = "\(app) Would Like to Access Your Photos"
        photoCountText = nil
        self.sampleAssetIDs = []
      }
    }
  }

  /// How many sample thumbnails the iOS 17+ prompt shows.
  public static let sampleCount = 5

  /// "N Photos" under the iOS 17+ prompt's samples.
  static func photoCount(_ count: Int) -> String {
    count == 1 ? "1 Photo" : "\(count) Photos"
  }

  /// The same prompt showing the library as it is now: its count and sample photos, for a
  /// prompt that shows them (iOS 17+ read/write); any other prompt is returned as it is.
  public func showing(_ library: PromptLibrary) -> AuthorizationPrompt {
    guard photoCountText != nil else { return self }
    var prompt = self
    prompt.photoCountText = Self.photoCount(library.count)
    prompt.sampleAssetIDs = Array(library.sampleAssetIDs.prefix(Self.sampleCount))
    return prompt
  }

  /// The button labels, exactly as iOS spells them (curly quotes, ellipsis character); the
  /// table ``PromptButton/label(for:ios:level:)`` picks from.
  public enum Label {
    public static let dontAllow = "Don’t Allow"
    public static let ok = "OK"
    public static let selectPhotos = "Select Photos…"
    public static let allowAllPhotos = "Allow Access to All Photos"
    public static let limitAccess = "Limit Access…"
    public static let allowFullAccess = "Allow Full Access"
    public static let keepAddOnly = "Keep Add Only"
  }
}
