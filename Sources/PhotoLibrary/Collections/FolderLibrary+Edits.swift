extension FolderLibrary {
  /// The store of this library's edits, beside its attributes; nil for a library without a
  /// state folder (it can keep no edits).
  public var editStore: AssetEditStore? {
    attributesStore.map(AssetEditStore.init(besideAttributesOf:))
  }
}
