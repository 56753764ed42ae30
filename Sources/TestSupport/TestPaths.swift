import Foundation

/// Locations shared by the test targets.
public enum TestPaths {
  /// The package root (the folder holding Package.swift).
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  /// `SampleImages/` in the package root.
  public static var sampleImages: URL { packageRoot.appendingPathComponent("SampleImages") }

  /// A new empty temporary folder, unique to the caller.
  public static func makeTemporaryDirectory(_ label: String = "test") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("photogate-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
