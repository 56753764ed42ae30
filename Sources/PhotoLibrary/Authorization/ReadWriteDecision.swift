/// What the user decided for read/write access: the stored value "P" of
/// docs/permission-model.md#stored-state.
///
/// iOS keeps this in its TCC database; PhotoGate keeps it in the per-app store. Statuses are never
/// stored: they are derived from this value (see `AuthorizationState.status(for:)`).
public enum ReadWriteDecision: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
  /// Never asked (or reset): read/write is `notDetermined`.
  case unset
  /// "Don’t Allow", "Keep Add Only", Settings None / Add Photos Only.
  case denied
  /// "Allow Access to All Photos" / "Allow Full Access" / OK on iOS 13, Settings All Photos.
  case authorized
  /// "Select Photos…" / "Limit Access…", Settings Selected Photos (iOS 14+).
  case limited
}
