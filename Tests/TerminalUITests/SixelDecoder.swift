import ImageDecoding

/// A small sixel decoder for the tests: palette definitions (`#n;2;r;g;b` in percent),
/// colour selection, repeats (`!n`), carriage returns (`$`) and band feeds (`-`), into
/// RGBA pixels (alpha 0 where nothing was painted).
enum SixelDecoder {
  static func decode(_ bytes: [UInt8]) -> PixelImage? {
    guard let q = bytes.firstIndex(of: UInt8(ascii: "q")) else { return nil }
    var i = q + 1
    func number() -> Int {
      var value = 0
      while i < bytes.count, (48...57).contains(bytes[i]) {
        value = value * 10 + Int(bytes[i] - 48)
        i += 1
      }
      return value
    }
    func numbers() -> [Int] {
      var out = [number()]
      while i < bytes.count, bytes[i] == UInt8(ascii: ";") {
        i += 1
        out.append(number())
      }
      return out
    }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
    i += 1
    let raster = numbers()
    guard raster.count == 4 else { return nil }
    let width = raster[2]
    let height = raster[3]
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    var palette = [Int: (UInt8, UInt8, UInt8)]()
    var color = 0
    var x = 0
    var y = 0
    func level(_ percent: Int) -> UInt8 { UInt8((Double(percent) * 255 / 100).rounded()) }
    func paint(_ character: UInt8, times: Int) {
      let bits = Int(character) - 63
      let rgb = palette[color] ?? (0, 0, 0)
      for _ in 0..<times {
        for bit in 0..<6 where bits & (1 << bit) != 0 {
          let py = y + bit
          guard x < width, py < height else { continue }
          let o = (py * width + x) * 4
          pixels[o] = rgb.0
          pixels[o + 1] = rgb.1
          pixels[o + 2] = rgb.2
          pixels[o + 3] = 255
        }
        x += 1
      }
    }
    while i < bytes.count {
      let byte = bytes[i]
      switch byte {
      case 0x1B: return PixelImage(width: width, height: height, pixels: pixels)
      case UInt8(ascii: "#"):
        i += 1
        let values = numbers()
        if values.count == 5, values[1] == 2 {
          palette[values[0]] = (level(values[2]), level(values[3]), level(values[4]))
        }
        color = values[0]
        continue
      case UInt8(ascii: "!"):
        i += 1
        let count = number()
        guard i < bytes.count else { return nil }
        paint(bytes[i], times: count)
      case UInt8(ascii: "$"): x = 0
      case UInt8(ascii: "-"):
        x = 0
        y += 6
      case 63...126: paint(byte, times: 1)
      default: break
      }
      i += 1
    }
    return nil
  }

  /// Peak signal-to-noise ratio of `a` against `b` over RGB, in dB (infinity when equal).
  static func psnr(_ a: PixelImage, _ b: PixelImage) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    var sum = 0.0
    var count = 0.0
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
      for c in 0..<3 {
        let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c])
        sum += d * d
        count += 1
      }
    }
    guard sum > 0 else { return .infinity }
    return 10 * log10(255 * 255 / (sum / count))
  }
}

#if canImport(Glibc)
  import Glibc
#endif
