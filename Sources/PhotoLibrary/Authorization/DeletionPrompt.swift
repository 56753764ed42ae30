/// The system's confirmation before an app deletes assets, as a value: what iOS shows for
/// `PHAssetChangeRequest.deleteAssets(_:)` ("Allow “App” to delete 3 photos?").
///
/// Mirrors the alert Photos shows for every deletion an app asks for, whatever its
/// authorization; answer it with one of its `buttons`, identified by ``Role``.
public struct DeletionPrompt: Sendable, Equatable, Codable {
  /// What a button of the confirmation does, whatever its words.
  public enum Role: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// “Delete”: the assets are deleted.
    case delete
    /// “Don’t Allow”: nothing is deleted and the change fails as cancelled by the user.
    case dontAllow

    /// The button's words, exactly as iOS spells them.
    public var label: String {
      switch self {
      case .delete: "Delete"
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
  /// The ids of the assets to delete, in the order asked.
  public var assetIDs: [String]
  /// In iOS order: “Don’t Allow” then “Delete”.
  public var buttons: [Button]

  /// The confirmation `appName` gets for deleting `assetIDs`: “this photo” for one, “N photos”
  /// for more.
  public init(appName: String, assetIDs: [String]) {
    let what = assetIDs.count == 1 ? "this photo" : "\(assetIDs.count) photos"
    title = "Allow “\(appName)” to delete \(what)?"
    self.assetIDs = assetIDs
    buttons = [Button(.dontAllow), Button(.delete)]
  }

  /// The button with `role`.
  public func button(for role: Role) -> Button? {
    buttons.first { $0.role == role }
  }
}
