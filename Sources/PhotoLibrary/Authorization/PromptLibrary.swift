/// What the iOS 17+ read/write prompt shows of the library: how many photos it holds and a
/// few of the newest, never a hidden one (the system's own UI, outside the app's access).
public struct PromptLibrary: Sendable, Equatable {
  /// The assets the library shows (hidden ones are not counted).
  public var count: Int
  /// The newest of them, at most ``AuthorizationPrompt/sampleCount``.
  public var sampleAssetIDs: [String]

  public init(count: Int, sampleAssetIDs: [String]) {
    self.count = count
    self.sampleAssetIDs = sampleAssetIDs
  }

  /// The prompt's view of `assets` (newest first).
  public init(_ assets: some Collection<Asset>) {
    let shown = assets.lazy.filter { !$0.isHidden }
    count = shown.count
    sampleAssetIDs = shown.prefix(AuthorizationPrompt.sampleCount).map(\.id)
  }
}
