import Foundation
import ImageDecoding

/// DEC sixel (`ESC P 0;1;0 q " 1;1;W;H #palette … ESC \`): an RGBA image as a palette of
/// up to 256 colours and bands of six pixel rows, run-length coded, as `img2sixel` and
/// chafa write it.
///
/// The palette is a median cut over the image's colours (grouped in buckets of 6 bits a
/// channel that keep their exact sums, so a box's mean and error are its pixels'), refined
/// by a few k-means passes and rounded to sixel's percent precision before the pixels are mapped to it (so the
/// error is measured against what the terminal shows). Pixels with zero alpha are not
/// painted: with `P2 = 1` the terminal's background shows through them.
public struct SixelEncoder: Sendable, Hashable {
  /// How pixels between palette colours are mapped.
  public enum Dithering: String, Sendable, Hashable, CaseIterable {
    /// To the nearest palette colour.
    case none
    /// Floyd–Steinberg error diffusion.
    case floydSteinberg
  }

  public var maxColors: Int
  public var dithering: Dithering
  /// k-means passes after the median cut.
  public var refinementPasses: Int
  /// The median cut stops splitting once mapping every pixel to its box's mean would score
  /// this PSNR (dB): fewer colours, so fewer bytes, where the picture does not need more.
  /// `nil`: always up to ``maxColors``.
  public var targetPSNR: Double?
  /// How far (dB) below the full palette's error a smaller palette may be, when the full
  /// one misses ``targetPSNR``; `nil`: the full palette then.
  public var toleranceDB: Double?

  public init(
    maxColors: Int = 256, dithering: Dithering = .none, refinementPasses: Int = 3,
    targetPSNR: Double? = 40, toleranceDB: Double? = 2
  ) {
    self.maxColors = max(1, min(256, maxColors))
    self.dithering = dithering
    self.refinementPasses = refinementPasses
    self.targetPSNR = targetPSNR
    self.toleranceDB = toleranceDB
  }

  /// The whole `DCS … ST` sequence for `image`.
  public func encode(_ image: PixelImage) -> [UInt8] {
    let histogram = ColorHistogram(image)
    let palette = Self.displayable(refine(palette(histogram), histogram))
    let indices = map(image, to: palette, histogram: histogram)
    return Self.sixels(indices: indices, width: image.width, height: image.height, palette: palette)
  }

  // MARK: Palette

  /// The median cut's palette, with as few colours as the quality asks: it stops at
  /// ``targetPSNR``, and when even ``maxColors`` colours miss that, takes the fewest whose
  /// error is within ``toleranceDB`` of theirs (the last colours of a busy picture cost
  /// bytes in every band and gain little).
  func palette(_ histogram: ColorHistogram) -> [SIMD3<Float>] {
    let cut = medianCut(histogram, upTo: maxColors)
    guard let toleranceDB, let last = cut.errors.last, last > 0, cut.palette.count == maxColors
    else { return cut.palette }
    let allowed = last * pow(10, toleranceDB / 10)
    guard let fewest = cut.errors.firstIndex(where: { $0 <= allowed }),
      fewest + 1 < cut.palette.count
    else { return cut.palette }
    // The cut is the same up to there: replay its first splits.
    var palette = [cut.first]
    for split in cut.splits.prefix(fewest) {
      palette[split.box] = split.low
      palette.append(split.high)
    }
    return palette
  }

  /// Median cut: the box of colours with the largest squared error is split at the
  /// weighted median of its widest channel until there are `limit` boxes or the error is
  /// within ``targetPSNR``; each box's colour is its weighted mean. Also returns the summed
  /// squared error after each split (index: colours − 1) and the splits.
  func medianCut(_ histogram: ColorHistogram, upTo limit: Int) -> MedianCut {
    var colors = histogram.buckets
    guard !colors.isEmpty else {
      return MedianCut(palette: [.zero], errors: [0], first: .zero, splits: [])
    }
    var boxes = [Box(colors[...])]
    let first = boxes[0].mean
    var splits: [MedianCut.Split] = []
    // The summed squared error (over the three channels) the target allows.
    let budget = targetPSNR.map { psnr in
      boxes[0].weight * 3 * 255 * 255 / pow(10, psnr / 10)
    }
    var errors = [boxes[0].error]
    while boxes.count < limit {
      if let budget, errors[errors.count - 1] <= budget { break }
      // A box of one bucket is not split.
      guard
        let worst = boxes.indices.filter({ boxes[$0].range.count > 1 })
          .max(by: { boxes[$0].error < boxes[$1].error }),
        boxes[worst].error > 0
      else { break }
      let box = boxes[worst]
      let channel = box.widestChannel
      var slice = Array(colors[box.range])
      // A closure per channel: a SIMD lane chosen at run time is slow to read.
      switch channel {
      case 0: slice.sort { $0.mean.x < $1.mean.x }
      case 1: slice.sort { $0.mean.y < $1.mean.y }
      default: slice.sort { $0.mean.z < $1.mean.z }
      }
      colors.replaceSubrange(box.range, with: slice)
      let half = box.weight / 2
      var cumulative = 0.0
      var cut = box.range.lowerBound + 1
      for i in box.range {
        cumulative += colors[i].weight
        if cumulative >= half {
          cut = i + 1
          break
        }
      }
      cut = min(max(cut, box.range.lowerBound + 1), box.range.upperBound - 1)
      boxes[worst] = Box(colors[box.range.lowerBound..<cut])
      boxes.append(Box(colors[cut..<box.range.upperBound]))
      splits.append(
        MedianCut.Split(box: worst, low: boxes[worst].mean, high: boxes[boxes.count - 1].mean))
      errors.append(
        errors[errors.count - 1] + boxes[worst].error + boxes[boxes.count - 1].error - box.error)
    }
    return MedianCut(
      palette: boxes.map(\.mean), errors: errors, first: first,
      splits: splits)
  }

  /// A median cut's palette, its summed squared error after each split (index: colours −
  /// 1), and the splits (to rebuild the palette of fewer colours).
  struct MedianCut {
    struct Split {
      /// The box split (its colour becomes `low`; `high` is appended).
      var box: Int
      var low: SIMD3<Float>
      var high: SIMD3<Float>
    }

    var palette: [SIMD3<Float>]
    var errors: [Double]
    var first: SIMD3<Float>
    var splits: [Split]
  }

  /// k-means (Lloyd) passes over the histogram, starting from `palette`.
  func refine(_ palette: [SIMD3<Float>], _ histogram: ColorHistogram) -> [SIMD3<Float>] {
    var palette = palette
    // Each bucket's colour in the last pass: the next pass starts its search there.
    var assigned = [Int](repeating: -1, count: histogram.buckets.count)
    for _ in 0..<refinementPasses {
      var sums = [SIMD3<Float>](repeating: .zero, count: palette.count)
      var weights = [Float](repeating: 0, count: palette.count)
      let search = NearestColor(palette)
      for (b, bucket) in histogram.buckets.enumerated() {
        let k = search.index(of: bucket.mean, near: assigned[b] < 0 ? nil : assigned[b])
        assigned[b] = k
        sums[k] += SIMD3<Float>(Float(bucket.sum.x), Float(bucket.sum.y), Float(bucket.sum.z))
        weights[k] += Float(bucket.weight)
      }
      for k in palette.indices where weights[k] > 0 { palette[k] = sums[k] / weights[k] }
    }
    return palette
  }

  /// Colours rounded to sixel's percent precision, as 8-bit values the terminal shows;
  /// duplicates merged.
  static func displayable(_ palette: [SIMD3<Float>]) -> [SIMD3<Float>] {
    var seen = Set<SIMD3<Float>>()
    var out: [SIMD3<Float>] = []
    for color in palette {
      let shown = (color * 100 / 255).rounded(.toNearestOrAwayFromZero) * 255 / 100
      let rounded = shown.rounded(.toNearestOrAwayFromZero)
      let clamped = rounded.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
      if seen.insert(clamped).inserted { out.append(clamped) }
    }
    return out
  }

  static func nearest(_ color: SIMD3<Float>, in palette: [SIMD3<Float>]) -> Int {
    NearestColor(palette).index(of: color)
  }

  // MARK: Mapping

  /// Each pixel's palette index, or -1 where it is transparent.
  func map(_ image: PixelImage, to palette: [SIMD3<Float>], histogram: ColorHistogram)
    -> [Int16]
  {
    var out = [Int16](repeating: -1, count: image.width * image.height)
    let pixels = image.pixels
    var cache: [UInt32: Int16] = [:]
    if dithering != .none { cache.reserveCapacity(histogram.colors.count) }
    let search = NearestColor(palette)
    func index(_ rgb: SIMD3<Float>) -> Int16 {
      let key = UInt32(rgb.x) << 16 | UInt32(rgb.y) << 8 | UInt32(rgb.z)
      if let known = cache[key] { return known }
      let found = Int16(search.index(of: rgb))
      cache[key] = found
      return found
    }
    switch dithering {
    case .none:
      // Each distinct colour is looked up once, starting from its bucket's nearest colour
      // (which is the answer, or close to it, so the search ends soon).
      var nearest = [Int16](repeating: -1, count: histogram.colors.count)
      var bucketNearest = [Int32](repeating: -1, count: histogram.buckets.count)
      for i in 0..<out.count {
        let entry = Int(histogram.pixelColors[i])
        guard entry >= 0 else { continue }
        if nearest[entry] < 0 {
          let bucket = Int(histogram.colorBuckets[entry])
          if bucketNearest[bucket] < 0 {
            bucketNearest[bucket] = Int32(search.index(of: histogram.buckets[bucket].mean))
          }
          let rgb = histogram.colors[entry].rgb
          nearest[entry] = Int16(
            search.index(
              r: Int32(rgb.x), g: Int32(rgb.y), b: Int32(rgb.z), near: Int(bucketNearest[bucket])))
        }
        out[i] = nearest[entry]
      }
    case .floydSteinberg:
      let width = image.width
      var error = [SIMD3<Float>](repeating: .zero, count: (width + 2) * 2)
      for y in 0..<image.height {
        let row = (y % 2) * (width + 2)
        let next = ((y + 1) % 2) * (width + 2)
        for x in 0..<(width + 2) { error[next + x] = .zero }
        for x in 0..<width {
          let i = y * width + x
          guard pixels[i * 4 + 3] != 0 else { continue }
          let source = SIMD3(
            Float(pixels[i * 4]), Float(pixels[i * 4 + 1]), Float(pixels[i * 4 + 2]))
          let wanted = (source + error[row + x + 1]).rounded(.toNearestOrAwayFromZero)
            .clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
          let k = index(wanted)
          out[i] = k
          let residual = wanted - palette[Int(k)]
          error[row + x + 2] += residual * (7 / 16)
          error[next + x] += residual * (3 / 16)
          error[next + x + 1] += residual * (5 / 16)
          error[next + x + 2] += residual * (1 / 16)
        }
      }
    }
    return out
  }

  // MARK: Sixels

  /// The DCS sequence for an indexed image (-1: not painted).
  static func sixels(indices: [Int16], width: Int, height: Int, palette: [SIMD3<Float>])
    -> [UInt8]
  {
    var out = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
    out.reserveCapacity(width * height / 2)
    for (k, color) in palette.enumerated() {
      let percent = (color * 100 / 255).rounded(.toNearestOrAwayFromZero)
      out += Array("#\(k);2;\(Int(percent.x));\(Int(percent.y));\(Int(percent.z))".utf8)
    }
    var slotOf = [Int](repeating: -1, count: palette.count)
    var used: [Int] = []
    // One row of sixel bits per colour used in the band, side by side in one array.
    var bits = [UInt8](repeating: 0, count: width * min(palette.count, 256))
    var last = [Int](repeating: -1, count: min(palette.count, 256))
    indices.withUnsafeBufferPointer { indices in
      bits.withUnsafeMutableBufferPointer { bits in
        for top in stride(from: 0, to: height, by: 6) {
          used.removeAll(keepingCapacity: true)
          for y in top..<min(height, top + 6) {
            let bit = UInt8(1) << UInt8(y - top)
            let row = y * width
            for x in 0..<width {
              let k = Int(indices[row + x])
              guard k >= 0 else { continue }
              var slot = slotOf[k]
              if slot < 0 {
                slot = used.count
                slotOf[k] = slot
                used.append(k)
                for i in (slot * width)..<((slot + 1) * width) { bits[i] = 0 }
                last[slot] = -1
              }
              bits[slot * width + x] |= bit
              if x > last[slot] { last[slot] = x }
            }
          }
          for (slot, k) in used.enumerated() {
            if slot > 0 { out.append(UInt8(ascii: "$")) }
            out += Array("#\(k)".utf8)
            appendRuns(
              UnsafeBufferPointer(rebasing: bits[(slot * width)..<((slot + 1) * width)]),
              through: last[slot], into: &out)
            slotOf[k] = -1
          }
          out.append(UInt8(ascii: "-"))
        }
      }
    }
    out += [0x1B, 0x5C]
    return out
  }

  /// Sixel characters (63 + bits) for columns 0…`last`, runs of four or more as `!n c`.
  static func appendRuns(_ row: [UInt8], through last: Int, into out: inout [UInt8]) {
    row.withUnsafeBufferPointer { appendRuns($0, through: last, into: &out) }
  }

  static func appendRuns(
    _ row: UnsafeBufferPointer<UInt8>, through last: Int, into out: inout [UInt8]
  ) {
    var x = 0
    while x <= last {
      let value = row[x]
      var run = 1
      while x + run <= last, row[x + run] == value { run += 1 }
      let character = 63 + value
      if run >= 4 {
        out += Array("!\(run)".utf8)
        out.append(character)
      } else {
        for _ in 0..<run { out.append(character) }
      }
      x += run
    }
  }
}

/// The distinct opaque colours of an image and how often each occurs, and the same colours
/// grouped in buckets of 6 bits per channel (what the palette is built from: a photo's tens
/// of thousands of colours fall in a few thousand buckets).
struct ColorHistogram {
  struct Entry {
    var rgb: SIMD3<Float>
    var count: Int32
  }

  /// The colours of one bucket: their count, sum and sum of squares (so that a median-cut
  /// box of buckets has the exact mean and error of its pixels) and mean.
  struct Bucket {
    var mean: SIMD3<Float>
    var weight: Double
    var sum: SIMD3<Double>
    var squares: SIMD3<Double>
  }

  var colors: [Entry]
  var buckets: [Bucket]
  /// Each pixel's index in ``colors``, -1 where it is transparent.
  var pixelColors: [Int32]
  /// Each colour's index in ``buckets``.
  var colorBuckets: [Int32]

  init(_ image: PixelImage) {
    // An open-addressing table from a colour (`0xRRGGBB`) to its index in `colors`
    // (Fibonacci hashing, linear probing; `UInt32.max` marks a free slot).
    var bits: UInt32 = 6
    while 1 << bits < image.width * image.height * 2 { bits += 1 }
    let shift = 32 - bits
    var keys = [UInt32](repeating: .max, count: 1 << bits)
    var slots = [Int32](repeating: -1, count: 1 << bits)
    var counts: [Int32] = []
    var found: [UInt32] = []
    let pixels = image.pixels
    let mask = (1 << Int(bits)) - 1
    var pixelColors = [Int32](repeating: -1, count: image.width * image.height)
    for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] != 0 {
      let key = UInt32(pixels[i]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i + 2])
      var slot = Int((key &* 0x9E37_79B1) >> shift)
      while true {
        if keys[slot] == key {
          counts[Int(slots[slot])] += 1
          break
        }
        if keys[slot] == .max {
          keys[slot] = key
          slots[slot] = Int32(counts.count)
          counts.append(1)
          found.append(key)
          break
        }
        slot = (slot + 1) & mask
      }
      pixelColors[i / 4] = slots[slot]
    }
    self.pixelColors = pixelColors
    colors = zip(found, counts).map { key, count in
      Entry(
        rgb: SIMD3(Float(key >> 16), Float((key >> 8) & 255), Float(key & 255)), count: count)
    }
    // Buckets by their 18-bit key, in a table like the colours' (a few times the buckets'
    // count, instead of one slot for each of the 2^18 keys).
    var bucketBits = 4
    while 1 << bucketBits < colors.count * 2 { bucketBits += 1 }
    let bucketMask = (1 << bucketBits) - 1
    var bucketKeys = [Int32](repeating: -1, count: 1 << bucketBits)
    var bucketSlots = [Int32](repeating: -1, count: 1 << bucketBits)
    var buckets: [Bucket] = []
    var colorBuckets = [Int32](repeating: 0, count: colors.count)
    for (c, color) in colors.enumerated() {
      let key = (Int(color.rgb.x) >> 2) << 12 | (Int(color.rgb.y) >> 2) << 6 | Int(color.rgb.z) >> 2
      let rgb = SIMD3<Double>(Double(color.rgb.x), Double(color.rgb.y), Double(color.rgb.z))
      let count = Double(color.count)
      var slot = Int((UInt32(key) &* 0x9E37_79B1) >> UInt32(32 - bucketBits))
      while bucketKeys[slot] != Int32(key), bucketKeys[slot] >= 0 { slot = (slot + 1) & bucketMask }
      if bucketKeys[slot] < 0 {
        bucketKeys[slot] = Int32(key)
        bucketSlots[slot] = Int32(buckets.count)
        buckets.append(Bucket(mean: .zero, weight: 0, sum: .zero, squares: .zero))
      }
      let b = Int(bucketSlots[slot])
      colorBuckets[c] = Int32(b)
      buckets[b].weight += count
      buckets[b].sum += rgb * count
      buckets[b].squares += rgb * rgb * count
    }
    for b in buckets.indices {
      let mean = buckets[b].sum / buckets[b].weight
      buckets[b].mean = SIMD3<Float>(Float(mean.x), Float(mean.y), Float(mean.z))
    }
    self.buckets = buckets
    self.colorBuckets = colorBuckets
  }
}

/// A median-cut box: a range of histogram buckets with their weighted statistics.
private struct Box {
  var range: Range<Int>
  var weight: Double
  var mean: SIMD3<Float>
  var error: Double
  var widestChannel: Int

  init(_ entries: ArraySlice<ColorHistogram.Bucket>) {
    range = entries.startIndex..<entries.endIndex
    var sum = SIMD3<Double>.zero
    var squares = SIMD3<Double>.zero
    var weight = 0.0
    for entry in entries {
      sum += entry.sum
      squares += entry.squares
      weight += entry.weight
    }
    let mean = sum / max(1, weight)
    let variance = squares / max(1, weight) - mean * mean
    self.weight = weight
    self.mean = SIMD3<Float>(Float(mean.x), Float(mean.y), Float(mean.z))
    self.error = variance.sum() * weight
    widestChannel =
      variance.x >= variance.y
      ? (variance.x >= variance.z ? 0 : 2)
      : (variance.y >= variance.z ? 1 : 2)
  }
}

/// The nearest palette colour (squared RGB distance) by a search outward from the
/// colour's green level in a palette sorted by green, stopping when green alone is
/// farther than the best match.
struct NearestColor {
  private let reds: [Int32]
  private let greens: [Int32]
  private let blues: [Int32]
  private let original: [Int]
  /// Where each palette index went in the sorted order.
  private let sorted: [Int]

  init(_ palette: [SIMD3<Float>]) {
    let order = palette.indices.sorted { palette[$0].y < palette[$1].y }
    reds = order.map { Int32(palette[$0].x.rounded()) }
    greens = order.map { Int32(palette[$0].y.rounded()) }
    blues = order.map { Int32(palette[$0].z.rounded()) }
    original = order
    var sorted = [Int](repeating: 0, count: order.count)
    for (position, index) in order.enumerated() { sorted[index] = position }
    self.sorted = sorted
  }

  /// The nearest palette colour's index; `near`, a palette index likely close to it, only
  /// speeds the search up.
  func index(of color: SIMD3<Float>, near: Int? = nil) -> Int {
    // Rounded half up: the channels are never negative.
    index(
      r: Int32(color.x + 0.5), g: Int32(color.y + 0.5), b: Int32(color.z + 0.5), near: near)
  }

  func index(r: Int32, g: Int32, b: Int32, near: Int? = nil) -> Int {
    guard !original.isEmpty else { return 0 }
    return reds.withUnsafeBufferPointer { reds in
      greens.withUnsafeBufferPointer { greens in
        blues.withUnsafeBufferPointer { blues in
          // First entry with green >= g.
          var low = 0
          var high = greens.count
          while low < high {
            let middle = (low + high) / 2
            if greens[middle] < g { low = middle + 1 } else { high = middle }
          }
          var best = 0
          var bestDistance = Int32.max
          if let near, near < sorted.count {
            best = sorted[near]
            let (dr, dg, db) = (reds[best] - r, greens[best] - g, blues[best] - b)
            // Strictly nearer colours only, then ties as the plain search breaks them.
            bestDistance = dr * dr + dg * dg + db * db + 1
          }
          var up = low
          var down = low - 1
          while up < greens.count || down >= 0 {
            if up < greens.count {
              let dg = greens[up] - g
              if dg * dg >= bestDistance {
                up = greens.count
              } else {
                let dr = reds[up] - r
                let db = blues[up] - b
                let distance = dr * dr + dg * dg + db * db
                if distance < bestDistance {
                  bestDistance = distance
                  best = up
                }
                up += 1
              }
            }
            if down >= 0 {
              let dg = g - greens[down]
              if dg * dg >= bestDistance {
                down = -1
              } else {
                let dr = reds[down] - r
                let db = blues[down] - b
                let distance = dr * dr + dg * dg + db * db
                if distance < bestDistance {
                  bestDistance = distance
                  best = down
                }
                down -= 1
              }
            }
          }
          return original[best]
        }
      }
    }
  }
}
