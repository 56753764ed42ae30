/// Text attributes of a cell, each one an SGR code (`1` bold, `2` dim, `4` underline,
/// `7` reverse).
public struct CellAttributes: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = CellAttributes(rawValue: 1 << 0)
  public static let dim = CellAttributes(rawValue: 1 << 1)
  public static let underline = CellAttributes(rawValue: 1 << 2)
  public static let reverse = CellAttributes(rawValue: 1 << 3)

  /// Each attribute with the SGR code that turns it on.
  static let codes: [(CellAttributes, Int)] = [
    (.bold, 1), (.dim, 2), (.underline, 4), (.reverse, 7),
  ]
}
