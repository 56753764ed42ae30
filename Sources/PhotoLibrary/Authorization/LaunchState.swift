/// The flags iOS keeps for one run of the app, reset at every launch.
///
/// A launch is one run of a command or one gallery session; a Settings change ends it. Never
/// stored.
public struct LaunchState: Sendable, Equatable {
  /// The automatic limited-access alert was shown (or was not due) at the first library access.
  public var automaticAlertHandled: Bool
  /// The user chose the limited option in a prompt during this launch.
  public var limitedChosenThisLaunch: Bool
  /// The prompt Photos shows by itself at the first library access while read/write is not
  /// determined was shown in this launch.
  public var implicitPromptShown: Bool

  public init(
    automaticAlertHandled: Bool = false, limitedChosenThisLaunch: Bool = false,
    implicitPromptShown: Bool = false
  ) {
    self.automaticAlertHandled = automaticAlertHandled
    self.limitedChosenThisLaunch = limitedChosenThisLaunch
    self.implicitPromptShown = implicitPromptShown
  }

  /// The flags of a fresh launch.
  public static let fresh = LaunchState()
}
