import PhotoLibrary

/// The kind of access an app asks for. Mirrors `PHAccessLevel` (iOS 14+), raw values included.
@frozen public enum PHAccessLevel: Int, Sendable, Equatable, Hashable, CaseIterable {
  /// Add photos without reading the library (`NSPhotoLibraryAddUsageDescription`).
  case addOnly = 1
  /// Read and write the library (`NSPhotoLibraryUsageDescription`).
  case readWrite = 2

  /// The engine's level.
  var level: AccessLevel { self == .addOnly ? .addOnly : .readWrite }

  /// The engine's request for `requestAuthorization(for:)`.
  var request: AuthorizationRequest { self == .addOnly ? .addOnly : .readWrite }
}
