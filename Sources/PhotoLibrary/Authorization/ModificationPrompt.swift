/// The system's confirmation before an app changes a photo's or video's content, as a value:
/// what iOS shows when a `PHAssetChangeRequest` with a `contentEditingOutput` (or a revert to
/// the original) is performed ("Allow “App” to modify this photo?").
///
/// Answer it with one of its `buttons`, identified by ``Role``.
public struct ModificationPrompt: Sendable, Equatable, Codable {
  /// What a button of the confirmation does, whatever its words.
  public enum Role: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// “Modify”: the edit is saved (or the asset reverted).
    case modify
    /// “Don’t Allow”: nothing changes and the change fails as cancelled by the user.
    case dontAllow

    /// The button's words, exactly as iOS spells them.
    public var label: String {
      switch self {
      case .modify: "Modify"
      case .dontAllow: AuthorizationPrompt.Label.dontAllow
      }
    }
  }

  /// One button: its role and its words.
  public struct Button: Sendable, Equatable, Hashable, Codable {
    public var role: Role
    public var label: String

    public init(_ role: Role) {
      self.role = role
      label = role.label
    }
  }

  public var title: String
  /// The id of the asset to change.
  public var assetID: String
  /// In iOS order: “Don’t Allow” then “Modify”.
  public var buttons: [Button]

  /// The confirmation `appName` gets for changing the asset `assetID` (“this video” for a
  /// movie, “this photo” otherwise).
  public init(appName: String, assetID: String, isVideo: Bool) {
    title = "Allow “\(appName)” to modify this \(isVideo ? "video" : "photo")?"
    self.assetID = assetID
    buttons = [Button(.dontAllow), Button(.modify)]
  }

  /// The button with `role`.
  public func button(for role: Role) -> Button? {
    buttons.first { $0.role == role }
  }
}
