import Foundation

/// A new empty folder under the temporary directory, unique to the caller.
func makeTemporaryFolder(_ label: String) throws -> String {
  let folder = NSTemporaryDirectory() + "photogate-\(label)-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  return folder
}
