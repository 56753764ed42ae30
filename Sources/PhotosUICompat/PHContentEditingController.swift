#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import PhotoKitCompat

  /// What a photo editing extension's view controller implements: Photos asks it whether it
  /// can reopen an edit, starts it with the asset's content, and finishes or cancels it.
  /// Mirrors `PHContentEditingController`. Linux has no Photos app to host extensions, so
  /// nothing calls these by itself; a test drives a conforming controller the way Photos would
  /// (`canHandle(_:)`, then `startContentEditing(with:placeholderImage:)`, then
  /// `finishContentEditing(completionHandler:)` with a `PHContentEditingOutput` that a
  /// `PHAssetChangeRequest` saves, as the app's own edits are saved).
  public protocol PHContentEditingController: AnyObject {
    /// Whether the extension can reopen an edit described by `adjustmentData`.
    func canHandle(_ adjustmentData: PHAdjustmentData) -> Bool
    /// Starts editing `contentEditingInput`, showing `placeholderImage` meanwhile.
    func startContentEditing(
      with contentEditingInput: PHContentEditingInput, placeholderImage: UIImage)
    /// Ends editing: `completionHandler` gets the output to save, or nil to save nothing.
    func finishContentEditing(completionHandler: @escaping (PHContentEditingOutput?) -> Void)
    /// Whether Photos asks the user before discarding the edit.
    var shouldShowCancelConfirmation: Bool { get }
    /// Discards the edit.
    func cancelContentEditing()
  }
#endif
