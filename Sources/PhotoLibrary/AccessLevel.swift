/// The kind of photo-library access an app asks for. Mirrors `PHAccessLevel` (iOS 14+), raw
/// values included.
public enum AccessLevel: Int, Sendable, Equatable, Hashable, CaseIterable, Codable,
  CustomStringConvertible
{
  /// Add photos without reading the library (`NSPhotoLibraryAddUsageDescription`).
  case addOnly = 1
  /// Read and write the library (`NSPhotoLibraryUsageDescription`).
  case readWrite = 2

  public var description: String {
    switch self {
    case .addOnly: "addOnly"
    case .readWrite: "readWrite"
    }
  }
}
