/// Code from the published articles, compiled unchanged against PhotoKitCompat on Linux (and
/// against Photos on iOS) except for the UIKit lines, each of which is stubbed or commented.
///
/// - The save-flow article ("PHAuthorizationStatus for iOS 14 or later"):
/// `AuthorizationStatusChecker` and
///   its usage, the "save as much as possible" flow (`PhotoSaver`).
/// - The picker article ("How to Manage Photo Library Permission in iOS"):
/// `ImagePickerViewController`,
///   its `showUI(for:)` logic, the Manage / See All Photos actions and its change observer.
///
/// `Tests/PhotoKitCompatTests` drive this code through the measured tables.
public enum PublishedExamples {}
