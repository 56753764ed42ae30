/// An 8-bit sRGB colour, the unit every terminal colour is chosen from.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8

  public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// Relative luminance (Rec. 709 weights on sRGB code values), 0…1.
  public var luminance: Double {
    (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255
  }

  /// A "redmean" weighted squared distance: cheap, and closer to what the eye sees than
  /// plain Euclidean RGB (https://www.compuphase.com/cmetric.htm).
  public func distanceSquared(to other: RGB) -> Int {
    let rMean = (Int(r) + Int(other.r)) / 2
    let dr = Int(r) - Int(other.r)
    let dg = Int(g) - Int(other.g)
    let db = Int(b) - Int(other.b)
    return ((512 + rMean) * dr * dr) / 256 + 4 * dg * dg + ((767 - rMean) * db * db) / 256
  }

  public var description: String { "#" + [r, g, b].map { hex2($0) }.joined() }
}

private func hex2(_ value: UInt8) -> String {
  let digits = Array("0123456789abcdef")
  return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
}
