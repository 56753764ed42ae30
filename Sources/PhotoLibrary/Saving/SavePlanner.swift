/// The "save as much as possible" decision, one step at a time
/// (docs/permission-model.md#reading-and-writing).
///
/// Mirrors the published `AuthorizationStatusChecker.checkPhotoLibrary`: read/write authorized →
/// the album; read/write not determined → request it and re-check; add-only authorized or
/// limited → the camera roll; add-only not determined → request it and re-check; else nothing.
/// Each request is made at most once per save, so a request that leaves its status undecided
/// (an upgraded add-only request that was denied) ends in `.nothing` instead of looping.
public struct SavePlanner: Sendable, Equatable {
  public private(set) var requestsMade: [AuthorizationRequest] = []

  public init() {}

  /// The next step for the stored `state` on `ios`.
  public mutating func next(_ state: AuthorizationState, ios: IOSVersion) -> SaveDecision {
    guard ios.hasAccessLevels else {
      switch state.legacyStatus {
      case .authorized: return .saveToAlbum
      case .notDetermined: return request(.legacy)
      default: return .nothing
      }
    }
    let readWrite = state.status(for: .readWrite)
    let addOnly = state.status(for: .addOnly)
    switch (readWrite, addOnly) {
    case (.authorized, _): return .saveToAlbum
    case (.notDetermined, _) where !requestsMade.contains(.readWrite): return request(.readWrite)
    case (_, .authorized), (_, .limited): return .saveToCameraRoll
    case (_, .notDetermined): return request(.addOnly)
    default: return .nothing
    }
  }

  private mutating func request(_ request: AuthorizationRequest) -> SaveDecision {
    guard !requestsMade.contains(request) else { return .nothing }
    requestsMade.append(request)
    return .request(request)
  }
}

/// One step of the save flow.
public enum SaveDecision: Sendable, Equatable {
  /// Save into the named album (creating it); with no album name, into the camera roll.
  case saveToAlbum
  /// Request this authorization, then ask the planner again.
  case request(AuthorizationRequest)
  case saveToCameraRoll
  case nothing
}
