/// Limited access: the picker and the selection.
extension AuthorizationState {
  /// What the limited selection grants: its ids and the file each names. Two states with the
  /// same grant show a limited app the same assets; a name picked again after its file was
  /// replaced changes the grant, not the ids.
  public struct LimitedGrant: Sendable, Equatable {
    public var ids: AssetIDSet
    public var files: AssetFileRecords
  }

  public var limitedGrant: LimitedGrant {
    LimitedGrant(ids: limitedSelection, files: assetFiles.restricted(to: limitedSelection))
  }

  /// `presentLimitedLibraryPicker`: a session when read/write is `limited`, else nil (nothing is
  /// shown and the completion is never called).
  public func presentLimitedLibraryPicker() -> LimitedPickerSession? {
    status(for: .readWrite) == .limited
      ? LimitedPickerSession(selection: Set(limitedSelection)) : nil
  }

  /// Applies the picker's outcome: Done replaces the selection, Cancel keeps it. Returns the ids
  /// newly added, sorted (what iOS 15+'s completion handler reports), and nothing on Cancel.
  @discardableResult
  public mutating func applyLimitedPicker(_ outcome: LimitedPickerOutcome) -> [String] {
    guard case .done(let selection) = outcome else { return [] }
    let added = AssetIDSet(selection).subtracting(limitedSelection).sorted()
    limitedSelection = AssetIDSet(selection)
    return added
  }

  /// Drops the ids of assets that no longer exist (deleted files) from the selection and the
  /// app's creations; returns whether anything was dropped.
  @discardableResult
  public mutating func forgetAssets(notIn existing: Set<String>) -> Bool {
    let before = (limitedSelection, createdAssetIDs)
    limitedSelection.keep { existing.contains($0) }
    createdAssetIDs.keep { existing.contains($0) }
    return before != (limitedSelection, createdAssetIDs)
  }

  /// Brings the records up to date with the library, where `asset` finds the asset listed
  /// under an id now (nil: none) and `isUnlisted` says whether an id is on disk but unreadable:
  /// an id whose file is gone, or is another file now (a new asset took its name), leaves the
  /// selection and the creations, as the asset it named is gone; a bare id (recorded without
  /// its file's identity) adopts the identity of the file there now. Looks up only the
  /// recorded ids. Returns whether anything changed.
  @discardableResult
  public mutating func reconcileFiles(
    with asset: (String) -> Asset?, isUnlisted: (String) -> Bool = { _ in false }
  ) -> Bool {
    let before = (limitedSelection, createdAssetIDs, assetFiles)
    var gone: [String] = []
    for id in limitedSelection.union(createdAssetIDs) {
      guard let found = asset(id) else {
        if !isUnlisted(id) { gone.append(id) }
        continue
      }
      switch assetFiles.match(found) {
      case .same: break
      case .bare(let identity): assetFiles[id] = identity
      case .replaced: gone.append(id)
      }
    }
    limitedSelection.subtract(gone)
    createdAssetIDs.subtract(gone)
    assetFiles.keep(only: limitedSelection.union(createdAssetIDs))
    return before != (limitedSelection, createdAssetIDs, assetFiles)
  }

  /// Records an asset the app just created: under limited it joins the selection, with its
  /// file's identity.
  public mutating func noteCreatedAsset(_ asset: Asset) {
    guard status(for: .readWrite) == .limited else { return }
    createdAssetIDs.insert(asset.id)
    limitedSelection.insert(asset.id)
    assetFiles[asset.id] = asset.fileIdentity
  }

  /// ``noteCreatedAsset(_:)`` for an asset known by its id alone (no file identity).
  public mutating func noteCreatedAsset(_ id: String) {
    guard status(for: .readWrite) == .limited else { return }
    createdAssetIDs.insert(id)
    limitedSelection.insert(id)
  }

  /// Whether the automatic limited-access alert is due at this library access: read/write is
  /// limited, the alert was not yet handled in this launch, limited was not just chosen, and
  /// Info.plist does not set `PHPhotoLibraryPreventAutomaticLimitedAccessAlert`.
  public func automaticAlertIsDue(launch: LaunchState, infoPlist: InfoPlist) -> Bool {
    status(for: .readWrite) == .limited && !launch.automaticAlertHandled
      && !launch.limitedChosenThisLaunch && !infoPlist.preventAutomaticLimitedAccessAlert
  }
}
