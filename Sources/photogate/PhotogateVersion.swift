/// The tool's version, shown by `photogate --version`.
enum PhotogateVersion {
  static let string = "0.1.0"
}
