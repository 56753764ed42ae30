/// Hearing what other processes (or other sessions) change in the app's stored state, as a
/// running iOS app does: a Settings or privacy change terminates it, a change of the limited
/// selection reaches its change observers.
extension PhotoLibrarySession {
  /// Starts hearing the store's committed changes and applies each one made elsewhere, once
  /// and in order: a change of the app's access (Settings, `privacy`, the restriction) ends
  /// this launch (`terminationReason`, then `.authorizationChanged` to observers); a change of
  /// the limited selection or of the app's own creations sends `.selectionChanged`. This
  /// launch's own changes are not heard twice. Keep the returned observation alive.
  public func observeStoreChanges(
    onError: @escaping @Sendable (any Error) -> Void = { _ in }
  ) throws -> LibraryObservation {
    let baseline = try store.loadStored(bundleID: bundleID)
    lock.withLock { if knownRecord == nil { knownRecord = baseline } }
    return try store.observe(bundleID: bundleID) { [weak self] result in
      switch result {
      case .success(let record): self?.storeDidCommit(record)
      case .failure(let error): onError(error)
      }
    }
  }

  /// One notice from the store: applied unless this launch already accounted for it.
  func storeDidCommit(_ record: StoredAuthorization) {
    let previous = commitLock.withLock {
      lock.withLock { () -> AuthorizationState? in
        guard let known = knownRecord else {
          knownRecord = record
          return nil
        }
        // An older notice (this launch wrote after it, on top of it) is already accounted for;
        // generation 0 is a deleted record, always news.
        if record.generation != 0 && record.generation <= known.generation { return nil }
        knownRecord = record
        return record.state == known.state ? nil : known.state
      }
    }
    if let previous { applyStoredChange(from: previous, to: record.state) }
  }

  /// Applies a change made elsewhere, from `old` to `new`.
  func applyStoredChange(from old: AuthorizationState, to new: AuthorizationState) {
    let accessChanged =
      old.readWrite != new.readWrite || old.addOnly != new.addOnly
      || old.isRestricted != new.isRestricted
      || old.settingsValue(ios: ios) != new.settingsValue(ios: ios)
    if accessChanged {
      let from = old.settingsValue(ios: ios)
      let to = new.settingsValue(ios: ios)
      let reason: AppTermination =
        if let to, to != from, old.isRestricted == new.isRestricted {
          .settingsChanged(from: from, to: to)
        } else {
          .privacyChanged
        }
      lock.withLock { if termination == nil { termination = reason } }
      notify(.authorizationChanged)
    } else if old.limitedGrant != new.limitedGrant
      || old.createdAssetIDs != new.createdAssetIDs
    {
      notify(.selectionChanged)
    } else if old != new {
      notify(.authorizationChanged)
    }
  }
}
