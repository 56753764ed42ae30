/// What a button of a ``ConfirmationPrompt`` does, whatever its words.
public protocol ConfirmationRole: Sendable, Hashable, CaseIterable, Codable {
  /// The button's words, exactly as iOS spells them.
  var label: String { get }
}

/// The buttons of the deletion confirmation.
public enum DeletionRole: String, ConfirmationRole {
  /// “Delete”: the assets are deleted.
  case delete
  /// “Don’t Allow”: nothing is deleted and the change fails as cancelled by the user.
  case dontAllow

  public var label: String {
    switch self {
    case .delete: "Delete"
    case .dontAllow: AuthorizationPrompt.Label.dontAllow
    }
  }
}

/// The buttons of the modification confirmation.
public enum ModificationRole: String, ConfirmationRole {
  /// “Modify”: the edit is saved (or the asset reverted).
  case modify
  /// “Don’t Allow”: nothing changes and the change fails as cancelled by the user.
  case dontAllow

  public var label: String {
    switch self {
    case .modify: "Modify"
    case .dontAllow: AuthorizationPrompt.Label.dontAllow
    }
  }
}
