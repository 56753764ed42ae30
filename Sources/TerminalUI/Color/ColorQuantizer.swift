/// Maps 24-bit colours onto the xterm 256-colour palette and the 16 ANSI colours.
///
/// The 256-colour choice searches only the portable part of the palette (the 6×6×6 cube
/// and the 24-step grey ramp, indices 16–255), because terminals disagree about 0–15.
/// Distances are ``RGB/distanceSquared(to:)`` ("redmean"), not plain RGB.
public enum ColorQuantizer {
  /// The six levels of each axis of the xterm colour cube.
  public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

  /// xterm's default 16 ANSI colours.
  public static let ansi16: [RGB] = [
    0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
    0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
  ].map { (value: Int) in RGB(UInt8(value >> 16), UInt8((value >> 8) & 255), UInt8(value & 255)) }

  /// The whole xterm 256-colour palette: the ANSI 16, the cube, the grey ramp.
  public static let xterm256: [RGB] = {
    var palette = ansi16
    for r in cubeLevels {
      for g in cubeLevels {
        for b in cubeLevels { palette.append(RGB(r, g, b)) }
      }
    }
    for step in 0..<24 {
      let v = UInt8(8 + 10 * step)
      palette.append(RGB(v, v, v))
    }
    return palette
  }()

  /// The nearest palette index in 16–255.
  ///
  /// Only the cube entries around the colour and the grey ramp entries near its mean can
  /// win, so those are all that is compared.
  public static func nearest256(_ color: RGB) -> UInt8 {
    var best = -1
    var bestDistance = Int.max
    func consider(_ index: Int) {
      let distance = color.distanceSquared(to: xterm256[index])
      if distance < bestDistance {
        bestDistance = distance
        best = index
      }
    }
    let rs = cubeNeighbours(color.r)
    let gs = cubeNeighbours(color.g)
    let bs = cubeNeighbours(color.b)
    for r in rs {
      for g in gs {
        for b in bs { consider(16 + 36 * r + 6 * g + b) }
      }
    }
    let mean = (Int(color.r) + Int(color.g) + Int(color.b)) / 3
    let step = min(23, max(0, (mean - 8) / 10))
    for s in max(0, step - 1)...min(23, step + 1) { consider(232 + s) }
    return UInt8(best)
  }

  /// The nearest of the 16 ANSI colours.
  public static func nearest16(_ color: RGB) -> UInt8 {
    var best = 0
    var bestDistance = Int.max
    for (index, entry) in ansi16.enumerated() {
      let distance = color.distanceSquared(to: entry)
      if distance < bestDistance {
        bestDistance = distance
        best = index
      }
    }
    return UInt8(best)
  }

  /// The cube levels just below and above `value` (one or two of 0…5).
  private static func cubeNeighbours(_ value: UInt8) -> [Int] {
    guard let upper = cubeLevels.firstIndex(where: { $0 >= value }) else { return [5] }
    if cubeLevels[upper] == value || upper == 0 { return [upper] }
    return [upper - 1, upper]
  }
}
