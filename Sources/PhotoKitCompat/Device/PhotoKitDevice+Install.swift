import Foundation
import PhotoLibrary

/// Setting up a device in one line.
extension PhotoKitDevice {
  /// The iOS release to behave as (`.iOS13` … `.iOS26`).
  public typealias IOS = IOSVersion
  /// A prompt answer for the scripted user: `.allow`, `.deny`, `.limited`.
  public typealias Answer = PromptAnswer
  /// Why iOS ended the app (a missing usage description, a Settings change), with the console
  /// message it logs.
  public typealias Termination = AppTermination
  /// Answers prompts, pickers and alerts with closures (the gallery's terminal dialogs, a
  /// test's own logic) instead of a script.
  public typealias Responder = AuthorizationResponder

  /// Sets up and installs a device: the app `bundleID` on `ios`, with the Info.plist keys
  /// `infoPlist` (nil: both usage descriptions), the stored decisions `readWrite` / `addOnly`
  /// (`.restricted` for read/write turns parental controls on), the limited `selection`, the
  /// library folder `library` (nil: an in-memory library holding `assets`), the state kept in
  /// `stateDirectory` (nil: in memory), and a user answering `answers`, `picks` and `alert` (or
  /// `responder`, when given, instead of that script).
  ///
  /// ```swift
  /// try PhotoKitDevice.install(
  ///   ios: .iOS17, readWrite: .limited, selection: ["a.jpg"], library: folder,
  ///   answers: [.allow])
  /// ```
  ///
  /// Throws when `infoPlist` is not a valid plist dictionary or `addOnly` is `.limited` (no
  /// stored add-only decision is "limited": add-only reports limited only through read/write).
  @discardableResult
  public static func install(
    ios: IOS = .newest, infoPlist: [String: Any]? = nil, bundleID: String = "com.example.app",
    readWrite: PHAuthorizationStatus = .notDetermined,
    addOnly: PHAuthorizationStatus = .notDetermined, selection: [String] = [],
    library: URL? = nil, assets: [String] = [], stateDirectory: URL? = nil,
    answers: [Answer] = [], picks: [PhotoKitUser.PickerAnswer] = [],
    alert: LimitedAccessAlertChoice? = .keepCurrentSelection, responder: Responder? = nil,
    onTermination: (@Sendable (AppTermination) -> Void)? = nil
  ) throws -> PhotoKitDevice {
    let plist = try infoPlist.map(Self.infoPlist(from:)) ?? .builtIn
    let state = try Self.storedState(
      readWrite: readWrite, addOnly: addOnly, selection: selection)
    let store: any AuthorizationStateStore =
      stateDirectory.map { FileAuthorizationStore(directory: $0) } ?? MemoryAuthorizationStore()
    try store.update(bundleID: bundleID) { $0 = state }
    let backend: any PhotoLibraryBackend =
      library.map { root in
        FolderLibrary(
          root: root,
          attributesStore: stateDirectory.map {
            LibraryAttributesStore(library: root, stateDirectory: $0)
          })
      } ?? MemoryLibraryBackend(ids: assets)
    let user =
      responder.map(PhotoKitUser.init(responder:))
      ?? PhotoKitUser(answers: answers, picks: picks, alert: alert)
    let device = PhotoKitDevice(
      session: PhotoLibrarySession(
        bundleID: bundleID, ios: ios, infoPlist: plist, backend: backend, store: store,
        responder: user.responder),
      user: user, onTermination: onTermination ?? Self.defaultTerminationHandler)
    install(device)
    return device
  }

  /// The photo keys of a plist dictionary, read by the engine's own plist parser.
  static func infoPlist(from dictionary: [String: Any]) throws -> InfoPlist {
    let data: Data
    do {
      data = try PropertyListSerialization.data(
        fromPropertyList: dictionary, format: .xml, options: 0)
    } catch {
      throw InfoPlistError(path: "(infoPlist dictionary)", reason: "is not a property list")
    }
    return try InfoPlist(data: data, path: "(infoPlist dictionary)")
  }

  /// The stored state that reports `readWrite` and `addOnly` (levels with a decision count as
  /// requested, so Settings shows the row a device would).
  static func storedState(
    readWrite: PHAuthorizationStatus, addOnly: PHAuthorizationStatus, selection: [String]
  ) throws -> AuthorizationState {
    var state = AuthorizationState(limitedSelection: AssetIDSet(selection))
    switch readWrite {
    case .notDetermined: break
    case .restricted: state.isRestricted = true
    case .denied: state.readWrite = .denied
    case .authorized: state.readWrite = .authorized
    case .limited: state.readWrite = .limited
    }
    switch addOnly {
    case .notDetermined, .restricted: break
    case .denied: state.addOnly = .denied
    case .authorized: state.addOnly = .authorized
    case .limited:
      throw PhotoKitDeviceError(
        "addOnly cannot be stored as limited: add-only reports limited when readWrite is limited")
    }
    if addOnly == .restricted { state.isRestricted = true }
    if state.readWrite != .unset { state.requestedLevels.insert(.readWrite) }
    if state.addOnly != .unset { state.requestedLevels.insert(.addOnly) }
    return state
  }
}

/// A device that cannot be set up as asked; the message says why.
public struct PhotoKitDeviceError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
