/// What the user decided for add-only access: the stored value "A" of
/// docs/permission-model.md#stored-state.
///
/// It only shows through `authorizationStatus(for: .addOnly)` while read/write is neither
/// authorized nor limited (the second rule of the derived statuses).
public enum AddOnlyDecision: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
  /// Never asked (or reset).
  case unset
  /// "Don’t Allow" on the add-only prompt, or Settings None.
  case denied
  /// OK on the add-only prompt, or Settings Add Photos Only.
  case authorized
}
