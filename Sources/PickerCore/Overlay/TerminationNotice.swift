/// A notice that the simulated app was terminated: after a Settings change, or when a request
/// lacked its usage description (the console message as iOS logs it).
///
/// The next open is a fresh launch: statuses re-read and per-launch flags reset.
public struct TerminationNotice: Sendable, Equatable, Codable {
  /// Why the app ended, as iOS would log it.
  public var reason: String

  /// The label of the button that launches the app again.
  public static let relaunchLabel = "Relaunch"

  public init(reason: String) { self.reason = reason }
}
