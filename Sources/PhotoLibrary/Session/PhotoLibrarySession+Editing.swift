import FileSystem
import Foundation

/// Editing assets' content (`PHAssetChangeRequest.contentEditingOutput`,
/// `revertAssetContentToOriginal()`): allowed for the assets the app may read under full or
/// limited read/write access, each change confirmed by the user in the system's
/// ``ModificationPrompt`` first. The edit is kept beside the library's attributes
/// (``AssetEditStore``); the original file is never touched.
extension PhotoLibrarySession {
  /// How a content change ended.
  public enum EditOutcome: Sendable, Equatable {
    /// The user tapped Modify: the edit was saved (or removed, for a revert).
    case saved
    /// The user tapped Don’t Allow: nothing changed.
    case declined
    /// Nobody answered the confirmation: it stays up and nothing changed.
    case unanswered
  }

  /// Every saved edit of the library, by asset id (none for a library that keeps no edits).
  public func assetEdits() throws -> [String: AssetEdit] {
    guard let store = editStore else { return [:] }
    return try store.edits()
  }

  /// The saved edit of a readable asset and its rendered file, nil when it has none (an edit
  /// of an earlier file under the same name is none: see ``AssetEdit/applies(to:)``).
  public func edit(ofAssetWithID id: String) throws -> (edit: AssetEdit, renderedURL: URL)? {
    let asset = try asset(withID: id)
    guard let store = editStore, let edit = try store.edits()[id], edit.applies(to: asset) else {
      return nil
    }
    return (edit, store.renderedURL(of: edit))
  }

  /// Saves the rendered file at `rendered` with `adjustment` as the edit of the asset `id`,
  /// once `confirm` answers the system confirmation with `.modify`. Throws `.accessDenied`
  /// without read/write access or for a library that keeps no edits, and `.assetNotFound`
  /// for an asset the app may not read (nothing is shown or saved then).
  public func saveEdit(
    ofAssetWithID id: String, renderedFileAt rendered: URL, adjustment: AssetEdit.Adjustment,
    confirm: (ModificationPrompt) -> ModificationPrompt.Role?
  ) throws -> EditOutcome {
    let (asset, store) = try editableAsset(id)
    guard (try? RegularFile(path: rendered.path)) != nil else {
      throw PhotoLibraryError.accessDenied(
        "\(rendered.path): the rendered content of '\(id)' cannot be read")
    }
    let outcome = try confirmModification(of: asset, confirm)
    guard outcome == .saved else { return outcome }
    do {
      try store.save(
        assetID: id, file: asset.fileIdentity, renderedFileAt: rendered, adjustment: adjustment)
    } catch {
      throw PhotoLibraryError.accessDenied(
        "\(store.directory.path): the edit of '\(id)' cannot be saved: \(error)")
    }
    notify(.assetsChanged([id]))
    return .saved
  }

  /// Removes the saved edit of the asset `id` (its original shows again), once `confirm`
  /// answers the system confirmation with `.modify`. An asset without an edit is left as it
  /// is (the confirmation is still shown, as on a device).
  public func revertEdit(
    ofAssetWithID id: String, confirm: (ModificationPrompt) -> ModificationPrompt.Role?
  ) throws -> EditOutcome {
    let (asset, store) = try editableAsset(id)
    let outcome = try confirmModification(of: asset, confirm)
    guard outcome == .saved else { return outcome }
    let removed: Bool
    do {
      removed = try store.remove(assetID: id)
    } catch {
      throw PhotoLibraryError.accessDenied(
        "\(store.directory.path): the edit of '\(id)' cannot be removed: \(error)")
    }
    if removed { notify(.assetsChanged([id])) }
    return .saved
  }

  /// The asset `id` and the edit store, when the app may change the asset's content.
  private func editableAsset(_ id: String) throws -> (Asset, AssetEditStore) {
    try ensureRunning()
    try beginLibraryAccess()
    let access = try access()
    guard access.canList else {
      throw PhotoLibraryError.accessDenied(
        "cannot edit library content with \(try describeAccess()) access")
    }
    let asset = try asset(withID: id)
    guard let store = editStore else {
      throw PhotoLibraryError.accessDenied(
        "this library keeps no edits (a folder library with a state folder does)")
    }
    return (asset, store)
  }

  /// Shows the modification confirmation for `asset` and says how it was answered.
  private func confirmModification(
    of asset: Asset, _ confirm: (ModificationPrompt) -> ModificationPrompt.Role?
  ) throws -> EditOutcome {
    let prompt = ModificationPrompt(
      appName: infoPlist.appName(bundleID: bundleID), assetID: asset.id,
      isVideo: asset.mediaType == .video)
    switch confirm(prompt) {
    case nil: return .unanswered
    case .dontAllow: return .declined
    case .modify: return .saved
    }
  }

  /// The edit store of a folder library with a state folder (nil for any other library).
  public var editStore: AssetEditStore? {
    (backend as? FolderLibrary)?.editStore
  }
}
