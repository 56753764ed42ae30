import PhotoLibrary

extension PermissionClient {
  /// A client frozen in one state: every request reports `contents.status` without a
  /// prompt, the library reads `contents`, and nothing can change (no limited picker, no
  /// Settings row). For snapshotting a screen without a permission model.
  public static func fixed(_ contents: LibraryContents, launch: LaunchInfo) -> PermissionClient {
    PermissionClient(
      launch: { launch },
      requestAuthorization: { _ in .status(contents.status) },
      answerPrompt: { _, _ in .status(contents.status) },
      readLibrary: { contents },
      presentLimitedPicker: { nil },
      finishLimitedPicker: { _ in nil },
      settings: { nil },
      applySettingsChoice: { _ in nil })
  }
}
