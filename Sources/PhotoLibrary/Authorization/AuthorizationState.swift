/// Everything iOS remembers about one app's photo-library permission
/// (docs/permission-model.md#stored-state).
///
/// This is the stored state, not the statuses: `PHPhotoLibrary.authorizationStatus(for:)` and the
/// legacy `authorizationStatus()` are derived from it by the rules of the derived statuses (see
/// `AuthorizationState+Status.swift`). One value is kept per bundle id in the state store;
/// per-launch flags live in `LaunchState` and are never stored.
public struct AuthorizationState: Sendable, Equatable, Codable {
  /// P: the read/write decision.
  public var readWrite: ReadWriteDecision
  /// A: the add-only decision.
  public var addOnly: AddOnlyDecision
  /// Parental controls or a device profile forbid access; the user cannot change it.
  public var isRestricted: Bool
  /// The asset ids the user picked for limited access (plus the app's own creations).
  public var limitedSelection: AssetIDSet
  /// The levels the app has ever been prompted for; they decide the Settings options
  /// (permission-model#settings-app).
  public var requestedLevels: Set<AccessLevel>
  /// The assets this app created while limited; they joined `limitedSelection` when created.
  public var createdAssetIDs: AssetIDSet
  /// The file identity of each id of `limitedSelection` and `createdAssetIDs`: what makes the
  /// id the asset that was picked or created, not a later file saved under its name
  /// (docs/permission-model.md#what-an-asset-id-names). An id without one is bare; it adopts
  /// the identity of the file found at first read.
  public var assetFiles: AssetFileRecords

  public init(
    readWrite: ReadWriteDecision = .unset, addOnly: AddOnlyDecision = .unset,
    isRestricted: Bool = false, limitedSelection: AssetIDSet = [],
    requestedLevels: Set<AccessLevel> = [], createdAssetIDs: AssetIDSet = [],
    assetFiles: AssetFileRecords = AssetFileRecords()
  ) {
    self.readWrite = readWrite
    self.addOnly = addOnly
    self.isRestricted = isRestricted
    self.limitedSelection = limitedSelection
    self.requestedLevels = requestedLevels
    self.createdAssetIDs = createdAssetIDs
    self.assetFiles = assetFiles
  }

  /// The state of a freshly installed app: nothing asked, nothing decided.
  public static let firstLaunch = AuthorizationState()

  private enum CodingKeys: String, CodingKey {
    case readWrite, addOnly, restricted, limitedSelection, requestedLevels, createdAssetIDs
    case assetFiles
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    readWrite = try container.decode(ReadWriteDecision.self, forKey: .readWrite)
    addOnly = try container.decode(AddOnlyDecision.self, forKey: .addOnly)
    isRestricted = try container.decode(Bool.self, forKey: .restricted)
    limitedSelection = try container.decode(AssetIDSet.self, forKey: .limitedSelection)
    let levels = try container.decode([String].self, forKey: .requestedLevels)
    requestedLevels = Set(
      try levels.map { name in
        guard let level = AccessLevel.allCases.first(where: { $0.description == name }) else {
          throw DecodingError.dataCorruptedError(
            forKey: .requestedLevels, in: container,
            debugDescription: "unknown access level '\(name)'")
        }
        return level
      })
    createdAssetIDs = try container.decodeIfPresent(AssetIDSet.self, forKey: .createdAssetIDs) ?? []
    // A state file of an older PhotoGate has bare ids: they adopt their files at first read.
    assetFiles =
      try container.decodeIfPresent(AssetFileRecords.self, forKey: .assetFiles)
      ?? AssetFileRecords()
  }

  /// Encodes sets as sorted arrays, so that the stored file is stable and diffable.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(readWrite, forKey: .readWrite)
    try container.encode(addOnly, forKey: .addOnly)
    try container.encode(isRestricted, forKey: .restricted)
    try container.encode(limitedSelection, forKey: .limitedSelection)
    try container.encode(
      requestedLevels.sorted { $0.rawValue < $1.rawValue }.map(\.description),
      forKey: .requestedLevels)
    try container.encode(createdAssetIDs, forKey: .createdAssetIDs)
    // Only the ids still recorded keep their identity.
    try container.encode(
      assetFiles.restricted(to: limitedSelection.union(createdAssetIDs)), forKey: .assetFiles)
  }
}
