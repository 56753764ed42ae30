import Foundation

/// An entry of the library folder that is not shown as an asset, and why.
///
/// Hidden names (starting with '.') are not shown either, by design, and are not counted.
public struct SkippedFile: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// Why an entry is not an asset.
  public enum Reason: String, Sendable, Equatable, Hashable, CaseIterable {
    /// A file whose first bytes are no registered image format, or a FIFO, socket or device.
    case notAnImage
    /// A file or folder that could not be read (permissions, I/O error, a name that is not
    /// valid UTF-8).
    case unreadable
    /// A symbolic link whose target does not exist.
    case danglingLink
    /// A symbolic link leading out of the library folder.
    case linkOutsideLibrary
    /// A symbolic link leading back to a folder it is inside of, or to itself.
    case linkLoop

    /// How the summary line counts `count` of them ("2 not images", "1 dangling link").
    public func counted(_ count: Int) -> String {
      let one = count == 1
      return switch self {
      case .notAnImage: one ? "1 not an image" : "\(count) not images"
      case .unreadable: "\(count) unreadable"
      case .danglingLink: one ? "1 dangling link" : "\(count) dangling links"
      case .linkOutsideLibrary:
        one ? "1 link out of the library" : "\(count) links out of the library"
      case .linkLoop: one ? "1 link loop" : "\(count) link loops"
      }
    }
  }

  /// The entry's path relative to the library root ("." for the root itself).
  public var path: String
  /// The entry's absolute location.
  public var url: URL
  public var reason: Reason
  /// A readable explanation, without the path.
  public var detail: String
  /// How many entries this stands for: 1, or more for a folder's names that are not UTF-8.
  public var count: Int

  public init(path: String, url: URL, reason: Reason, detail: String, count: Int = 1) {
    self.path = path
    self.url = url
    self.reason = reason
    self.detail = detail
    self.count = count
  }

  /// `path: detail`, with the absolute path so that the user can find the file.
  public var description: String { "\(url.path): \(detail)" }
}
