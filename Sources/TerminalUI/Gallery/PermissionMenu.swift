import PhotoLibrary

/// The simulator's permission menu (`s`): the Settings app's Photos row, the `privacy`
/// operations (grant, revoke, reset, limited), the restriction, the iOS version, and a reset
/// to the first launch.
///
/// Plays the part of `xcrun simctl privacy` and the Settings app. The menu only names the
/// operations; PhotoLibrary's model performs them (``GalleryCommand``).
public struct PermissionMenu: Sendable, Equatable {
  /// Which list is shown.
  public enum Page: Sendable, Equatable {
    case main
    case iosVersions
  }

  public var page: Page
  /// The focused item.
  public var focus: Int

  public init(page: Page = .main, focus: Int = 0) {
    self.page = page
    self.focus = focus
  }

  /// The items of the current page, in order.
  public var items: [PermissionMenuItem] {
    switch page {
    case .main:
      [
        .openSettings,
        .privacy(.grant, .photos), .privacy(.grant, .photosLimited), .privacy(.revoke, .photos),
        .privacy(.reset, .photos), .privacy(.grant, .photosAdd), .privacy(.revoke, .photosAdd),
        .privacy(.reset, .photosAdd), .restrict(true), .restrict(false), .iosVersions,
        .resetAll, .close,
      ]
    case .iosVersions:
      IOSVersion.allCases.map(PermissionMenuItem.ios) + [.back]
    }
  }

  /// The main page with the focus on the iOS version item (coming back from its list).
  public static var mainAtIOSVersions: PermissionMenu {
    PermissionMenu(page: .main, focus: PermissionMenu().items.firstIndex(of: .iosVersions) ?? 0)
  }

  /// The title of the current page.
  public var title: String {
    page == .main ? "Permission menu (simulator)" : "iOS version"
  }

  /// The focused item.
  public var focusedItem: PermissionMenuItem? {
    items.indices.contains(focus) ? items[focus] : nil
  }

  /// Moves the focus by `offset`, wrapping.
  public mutating func moveFocus(by offset: Int) {
    let count = items.count
    focus = ((focus + offset) % count + count) % count
  }
}

/// One entry of the ``PermissionMenu``.
public enum PermissionMenuItem: Sendable, Equatable {
  /// Settings › App › Photos (PickerCore's Settings overlay).
  case openSettings
  /// `privacy grant|revoke|reset photos|photos-add|photos-limited`.
  case privacy(PrivacyAction, PrivacyService)
  /// Parental-controls restriction on or off.
  case restrict(Bool)
  /// Opens the iOS version list.
  case iosVersions
  /// Switches to this iOS version.
  case ios(IOSVersion)
  /// `privacy reset`: back to the first launch.
  case resetAll
  /// Closes the menu.
  case close
  /// Back to the main page.
  case back

  /// The label, with a check mark on the device's current value.
  public func label(device: DeviceInfo) -> String {
    switch self {
    case .openSettings: return "Settings › Photos…"
    case .privacy(let action, let service):
      let meaning: String
      switch (action, service) {
      case (.grant, .photos): meaning = "All Photos"
      case (.grant, .photosLimited): meaning = "Limited Access"
      case (.revoke, .photos), (.revoke, .photosLimited): meaning = "None"
      case (.reset, .photosAdd), (.reset, .photos), (.reset, .photosLimited): meaning = "ask again"
      case (.grant, .photosAdd): meaning = "Add Photos Only"
      case (.revoke, .photosAdd): meaning = "no adding"
      }
      return "privacy \(action.rawValue) \(service.rawValue) (\(meaning))"
    case .restrict(let on):
      return "Restricted: \(on ? "on" : "off")" + (device.isRestricted == on ? "  ✓" : "")
    case .iosVersions: return "iOS version: \(device.ios) ›"
    case .ios(let version): return "iOS \(version)" + (device.ios == version ? "  ✓" : "")
    case .resetAll: return "Reset to first launch"
    case .close: return "Close"
    case .back: return "Back"
    }
  }
}
