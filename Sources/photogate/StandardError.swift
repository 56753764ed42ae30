import Foundation

/// Unbuffered writes to the standard error and output file descriptors.
enum StandardError {
  static func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
