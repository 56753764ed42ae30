/// Limited access: the picker and the selection.
extension AuthorizationState {
  /// `presentLimitedLibraryPicker`: a session when read/write is `limited`, else nil (nothing is
  /// shown and the completion is never called).
  public func presentLimitedLibraryPicker() -> LimitedPickerSession? {
    status(for: .readWrite) == .limited ? LimitedPickerSession(selection: limitedSelection) : nil
  }

  /// Applies the picker's outcome: Done replaces the selection, Cancel keeps it. Returns the ids
  /// newly added, sorted (what iOS 15+'s completion handler reports), and nothing on Cancel.
  @discardableResult
  public mutating func applyLimitedPicker(_ outcome: LimitedPickerOutcome) -> [String] {
    guard case .done(let selection) = outcome else { return [] }
    let added = selection.subtracting(limitedSelection).sorted()
    limitedSelection = selection
    return added
  }

  /// Drops the ids of assets that no longer exist (deleted files) from the selection and the
  /// app's creations; returns whether anything was dropped.
  @discardableResult
  public mutating func forgetAssets(notIn existing: Set<String>) -> Bool {
    let before = (limitedSelection, createdAssetIDs)
    limitedSelection.formIntersection(existing)
    createdAssetIDs.formIntersection(existing)
    return before != (limitedSelection, createdAssetIDs)
  }

  /// Records an asset the app just created: under limited it joins the selection.
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
