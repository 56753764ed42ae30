/// A change made to the simulated device from outside the app (the gallery's permission menu,
/// as the Settings app and parental controls would); the app relaunches afterwards.
public enum DeviceCommand: Sendable, Equatable {
  /// `privacy grant|revoke|reset SERVICE`.
  case privacy(PrivacyAction, PrivacyService)
  /// Parental-controls restriction on or off.
  case restrict(Bool)
  /// Another iOS version.
  case ios(IOSVersion)
  /// `privacy reset`: back to the first launch.
  case resetAll
}
