/// Code from the seed articles, compiled unchanged against PhotoKitCompat on Linux (and
/// against Photos on iOS) except for the UIKit lines, each of which is stubbed or commented.
///
/// - Seed 000 ("PHAuthorizationStatus for iOS 14 or later"): `AuthorizationStatusChecker` and
///   its usage, the "save as much as possible" flow (`PhotoSaver`).
/// - Seed 004 ("How to Manage Photo Library Permission in iOS"): `ImagePickerViewController`,
///   its `showUI(for:)` logic, the Manage / See All Photos actions and its change observer.
///
/// `Tests/PhotoKitCompatTests` drive this code through the seed tables.
public enum SeedExamples {}
