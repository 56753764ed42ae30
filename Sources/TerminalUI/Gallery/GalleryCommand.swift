import PhotoLibrary
import PickerCore

/// What ``GalleryUpdate`` asks the runtime to do: send an action to the picker (whose
/// effects ``GalleryApp`` runs off the loop), or change the simulated device and launch the
/// app afresh.
public enum GalleryCommand: Sendable, Equatable {
  /// Send this action to the picker.
  case send(PickerAction)
  /// Change the simulated device (the permission menu), then relaunch the app.
  case device(DeviceCommand)
}
