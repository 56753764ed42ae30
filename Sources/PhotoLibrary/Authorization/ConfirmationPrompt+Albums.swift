extension ConfirmationPrompt where R == DeletionRole {
  /// The confirmation `appName` gets for deleting the albums `albums` (their photos stay in
  /// the library): “the album “Trips”” for one, “N albums” for more. Mirrors the alert iOS
  /// shows for `PHAssetCollectionChangeRequest.deleteAssetCollections(_:)`.
  public init(appName: String, albums: [String]) {
    self.init(appName: appName, assetIDs: [])
    let what = albums.count == 1 ? "the album “\(albums[0])”" : "\(albums.count) albums"
    title = "Allow “\(appName)” to delete \(what)?"
  }
}
