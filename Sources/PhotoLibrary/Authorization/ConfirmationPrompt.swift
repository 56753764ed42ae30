/// The system's confirmation before an app changes what is in the library, as a value: the
/// alert Photos shows for every deletion (`PHAssetChangeRequest.deleteAssets(_:)`, “Allow
/// “App” to delete 3 photos?”) and every content edit (a `PHAssetChangeRequest` with a
/// `contentEditingOutput`, or a revert: “Allow “App” to modify this photo?”), whatever the
/// app's authorization.
///
/// Answer it with one of its `buttons`, identified by its `Role` (``DeletionRole``,
/// ``ModificationRole``).
public struct ConfirmationPrompt<R: ConfirmationRole>: Sendable, Equatable, Codable {
  /// What the buttons do.
  public typealias Role = R

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
  /// The ids of the assets concerned, in the order asked (none for albums).
  public var assetIDs: [String]
  /// In iOS order: “Don’t Allow” then the change.
  public var buttons: [Button]

  init(title: String, assetIDs: [String], buttons: [Role]) {
    self.title = title
    self.assetIDs = assetIDs
    self.buttons = buttons.map(Button.init)
  }

  /// The button with `role`.
  public func button(for role: Role) -> Button? {
    buttons.first { $0.role == role }
  }
}

/// The confirmation before an app deletes assets or albums.
public typealias DeletionPrompt = ConfirmationPrompt<DeletionRole>
/// The confirmation before an app changes a photo's or video's content.
public typealias ModificationPrompt = ConfirmationPrompt<ModificationRole>

extension ConfirmationPrompt where R == DeletionRole {
  /// The confirmation `appName` gets for deleting `assetIDs`: “this photo” for one, “N photos”
  /// for more.
  public init(appName: String, assetIDs: [String]) {
    let what = assetIDs.count == 1 ? "this photo" : "\(assetIDs.count) photos"
    self.init(
      title: "Allow “\(appName)” to delete \(what)?", assetIDs: assetIDs,
      buttons: [.dontAllow, .delete])
  }
}

extension ConfirmationPrompt where R == ModificationRole {
  /// The confirmation `appName` gets for changing the asset `assetID` (“this video” for a
  /// movie, “this photo” otherwise).
  public init(appName: String, assetID: String, isVideo: Bool) {
    self.init(
      title: "Allow “\(appName)” to modify this \(isVideo ? "video" : "photo")?",
      assetIDs: [assetID], buttons: [.dontAllow, .modify])
  }

  /// The id of the asset to change.
  public var assetID: String { assetIDs[0] }
}
