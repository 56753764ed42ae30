/// A rectangle of cells: column `x`, row `y` (both from 0), `width` × `height`.
public struct Rect: Sendable, Hashable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The part of this rectangle inside `other` (empty when they do not overlap).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// This rectangle shrunk by `amount` cells on every side.
  public func inset(by amount: Int) -> Rect {
    Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }
}
