import PhotoLibrary

/// The system's authorization prompt as the picker shows it: the alert iOS puts up for
/// `PHPhotoLibrary.requestAuthorization(for:handler:)` when the level is not determined.
///
/// The words come from the permission model (PERMISSIONS.md §4: title, usage description,
/// buttons per iOS version); the view-model only shows them and reports which button was
/// chosen.
public struct SystemPrompt: Sendable, Equatable, Codable {
  /// The level the prompt asks for (read/write on iOS 13, which has one level).
  public var level: AccessLevel
  /// "“App” Would Like to Access Your Photos", per iOS version.
  public var title: String
  /// The usage description from the Info.plist.
  public var message: String
  /// Extra content under the message (iOS 17+: sample thumbnails and "N Photos"), if any.
  public var detail: String?
  /// The buttons, top to bottom, exactly as iOS labels them.
  public var buttons: [String]

  public init(
    level: AccessLevel, title: String, message: String, detail: String? = nil, buttons: [String]
  ) {
    self.level = level
    self.title = title
    self.message = message
    self.detail = detail
    self.buttons = buttons
  }
}
