/// A script that cannot be read or applied: the script's name, the line (0: the script as a
/// whole) and the reason.
public struct ChangeScriptError: Error, Sendable, Equatable, CustomStringConvertible {
  public var source: String
  public var line: Int
  public var reason: String

  public init(source: String, line: Int, reason: String) {
    self.source = source
    self.line = line
    self.reason = reason
  }

  /// "changes.txt:4: no asset 'a.jpg' in the library".
  public var description: String {
    line > 0 ? "\(source):\(line): \(reason)" : "\(source): \(reason)"
  }
}
