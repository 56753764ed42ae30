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
    let buckets = histogram.buckets
    guard !buckets.isEmpty else {
      return MedianCut(palette: [.zero], errors: [0], first: .zero, splits: [])
    }
    // The buckets in box order: each box is a range of `order`.
    var order = [Int32](unsafeUninitializedCapacity: buckets.count) { order, count in
      for i in 0..<buckets.count { order[i] = Int32(i) }
      count = buckets.count
    }
    var keys = [UInt64](repeating: 0, count: buckets.count)
    var scratch = [Int32](repeating: 0, count: buckets.count)
    var boxes = [Box(buckets, order[...])]
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
      var worst = -1
      var worstError = -Double.infinity
      for b in boxes.indices where boxes[b].range.count > 1 && boxes[b].error > worstError {
        worst = b
        worstError = boxes[b].error
      }
      guard worst >= 0, worstError > 0 else { break }
      let box = boxes[worst]
      let range = box.range
      // Sorted by the widest channel's mean, ties in their present order (a stable sort):
      // the mean's bits (never negative, so they order as the values do) above the
      // position.
      buckets.withUnsafeBufferPointer { buckets in
        order.withUnsafeMutableBufferPointer { order in
          keys.withUnsafeMutableBufferPointer { keys in
            for i in range {
              let mean = buckets[Int(order[i])].mean
              let value = box.widestChannel == 0 ? mean.x : box.widestChannel == 1 ? mean.y : mean.z
              keys[i] = UInt64(value.bitPattern) << 32 | UInt64(i - range.lowerBound)
            }
            keys[range].sort()
            scratch.withUnsafeMutableBufferPointer { scratch in
              for i in range {
                scratch[i] = order[range.lowerBound + Int(UInt32(truncatingIfNeeded: keys[i]))]
              }
              for i in range { order[i] = scratch[i] }
            }
          }
        }
      }
      let half = box.weight / 2
      var cumulative = 0.0
      var cut = range.lowerBound + 1
      for i in range {
        cumulative += buckets[Int(order[i])].weight
        if cumulative >= half {
          cut = i + 1
          break
        }
      }
      cut = min(max(cut, range.lowerBound + 1), range.upperBound - 1)
      boxes[worst] = Box(buckets, order[range.lowerBound..<cut])
      boxes.append(Box(buckets, order[cut..<range.upperBound]))
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
      // When the nearest colour to a bucket's mean is nearer than the second by more than
      // twice a colour's distance from the mean, it is that colour's nearest too (the
      // triangle inequality), and the search is skipped.
      var nearest = [Int16](repeating: -1, count: histogram.colors.count)
      var bucketNearest = [Int32](repeating: -1, count: histogram.buckets.count)
      var bucketMeans = [SIMD3<Int32>](repeating: .zero, count: histogram.buckets.count)
      // The largest squared distance from the mean for which that holds; -1: none.
      var bucketReach = [Int32](repeating: -1, count: histogram.buckets.count)
      for i in 0..<out.count {
        let entry = Int(histogram.pixelColors[i])
        guard entry >= 0 else { continue }
        if nearest[entry] < 0 {
          let bucket = Int(histogram.colorBuckets[entry])
          if bucketNearest[bucket] < 0 {
            let mean = histogram.buckets[bucket].mean
            let center = SIMD3<Int32>(Int32(mean.x + 0.5), Int32(mean.y + 0.5), Int32(mean.z + 0.5))
            let two = search.nearestTwo(r: center.x, g: center.y, b: center.z)
            bucketNearest[bucket] = Int32(two.index)
            bucketMeans[bucket] = center
            let gap = (Double(two.second).squareRoot() - Double(two.distance).squareRoot()) / 2
            if gap > 0 {
              bucketReach[bucket] = Int32(min(1e6, (gap * gap - 1e-9).rounded(.up))) - 1
            }
          }
          let rgb = histogram.colors[entry].rgb
          let color = SIMD3<Int32>(Int32(rgb.x), Int32(rgb.y), Int32(rgb.z))
          let offset = color &- bucketMeans[bucket]
          let reach = offset.x &* offset.x &+ offset.y &* offset.y &+ offset.z &* offset.z
          if reach <= bucketReach[bucket] {
            nearest[entry] = Int16(bucketNearest[bucket])
          } else {
            nearest[entry] = Int16(
              search.index(r: color.x, g: color.y, b: color.z, near: Int(bucketNearest[bucket])))
          }
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
    var first = [Int](repeating: 0, count: min(palette.count, 256))
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
                first[slot] = x
                last[slot] = x
              }
              bits[slot * width + x] |= bit
              if x < first[slot] { first[slot] = x }
              if x > last[slot] { last[slot] = x }
            }
          }
          for (slot, k) in used.enumerated() {
            if slot > 0 { out.append(UInt8(ascii: "$")) }
            out.append(UInt8(ascii: "#"))
            appendDecimal(k, to: &out)
            appendRun(of: 0, count: first[slot], into: &out)
            appendRuns(
              UnsafeBufferPointer(rebasing: bits[(slot * width)..<((slot + 1) * width)]),
              from: first[slot], through: last[slot], into: &out)
            slotOf[k] = -1
          }
          out.append(UInt8(ascii: "-"))
        }
      }
    }
    out += [0x1B, 0x5C]
    return out
  }

  /// `value` (not negative) in decimal digits.
  static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// Sixel characters (63 + bits) for columns 0…`last`, runs of four or more as `!n c`.
  static func appendRuns(_ row: [UInt8], through last: Int, into out: inout [UInt8]) {
    row.withUnsafeBufferPointer { appendRuns($0, from: 0, through: last, into: &out) }
  }

  /// Columns `first`…`last` of `row`; column `first` is not blank or is the first.
  static func appendRuns(
    _ row: UnsafeBufferPointer<UInt8>, from first: Int, through last: Int,
    into out: inout [UInt8]
  ) {
    var x = first
    while x <= last {
      let value = row[x]
      var run = 1
      while x + run <= last, row[x + run] == value { run += 1 }
      appendRun(of: value, count: run, into: &out)
      x += run
    }
  }

  /// `count` columns of the sixel `bits`.
  static func appendRun(of bits: UInt8, count: Int, into out: inout [UInt8]) {
    let character = 63 + bits
    if count >= 4 {
      out.append(UInt8(ascii: "!"))
      appendDecimal(count, to: &out)
      out.append(character)
    } else {
      for _ in 0..<count { out.append(character) }
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
    let count = image.width * image.height
    var bits: UInt32 = 6
    while 1 << bits < count * 2 { bits += 1 }
    let shift = 32 - bits
    let mask = (1 << Int(bits)) - 1
    var keys = [UInt32](repeating: .max, count: 1 << bits)
    var slots = [Int32](repeating: -1, count: 1 << bits)
    var counts = [Int32](repeating: 0, count: count)
    var found = [UInt32](repeating: 0, count: count)
    var distinct = 0
    var pixelColors = [Int32](repeating: -1, count: count)
    image.pixels.withUnsafeBufferPointer { pixels in
      keys.withUnsafeMutableBufferPointer { keys in
        slots.withUnsafeMutableBufferPointer { slots in
          counts.withUnsafeMutableBufferPointer { counts in
            found.withUnsafeMutableBufferPointer { found in
              pixelColors.withUnsafeMutableBufferPointer { pixelColors in
                for p in 0..<count where pixels[p * 4 + 3] != 0 {
                  let key =
                    UInt32(pixels[p * 4]) << 16 | UInt32(pixels[p * 4 + 1]) << 8
                    | UInt32(pixels[p * 4 + 2])
                  var slot = Int((key &* 0x9E37_79B1) >> shift)
                  while keys[slot] != key, keys[slot] != .max { slot = (slot + 1) & mask }
                  if keys[slot] == .max {
                    keys[slot] = key
                    slots[slot] = Int32(distinct)
                    found[distinct] = key
                    distinct += 1
                  }
                  let entry = slots[slot]
                  counts[Int(entry)] += 1
                  pixelColors[p] = entry
                }
              }
            }
          }
        }
      }
    }
    self.pixelColors = pixelColors
    colors = (0..<distinct).map { c in
      let key = found[c]
      return Entry(
        rgb: SIMD3(Float(key >> 16), Float((key >> 8) & 255), Float(key & 255)), count: counts[c])
    }
    // Buckets by their 18-bit key, in a table like the colours' (a few times the buckets'
    // count, instead of one slot for each of the 2^18 keys).
    var bucketBits = 4
    while 1 << bucketBits < distinct * 2 { bucketBits += 1 }
    let bucketMask = (1 << bucketBits) - 1
    var bucketKeys = [Int32](repeating: -1, count: 1 << bucketBits)
    var bucketSlots = [Int32](repeating: -1, count: 1 << bucketBits)
    var buckets: [Bucket] = []
    var colorBuckets = [Int32](repeating: 0, count: distinct)
    for c in 0..<distinct {
      let color = found[c]
      let r = Int32(color >> 16)
      let g = Int32((color >> 8) & 255)
      let b = Int32(color & 255)
      let key = (r >> 2) << 12 | (g >> 2) << 6 | b >> 2
      let rgb = SIMD3<Double>(Double(r), Double(g), Double(b))
      let weight = Double(counts[c])
      var slot = Int((UInt32(key) &* 0x9E37_79B1) >> UInt32(32 - bucketBits))
      while bucketKeys[slot] != key, bucketKeys[slot] >= 0 { slot = (slot + 1) & bucketMask }
      if bucketKeys[slot] < 0 {
        bucketKeys[slot] = key
        bucketSlots[slot] = Int32(buckets.count)
        buckets.append(Bucket(mean: .zero, weight: 0, sum: .zero, squares: .zero))
      }
      let bucket = Int(bucketSlots[slot])
      colorBuckets[c] = Int32(bucket)
      buckets[bucket].weight += weight
      buckets[bucket].sum += rgb * weight
      buckets[bucket].squares += rgb * rgb * weight
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

  init(_ buckets: [ColorHistogram.Bucket], _ members: ArraySlice<Int32>) {
    range = members.startIndex..<members.endIndex
    var sum = SIMD3<Double>.zero
    var squares = SIMD3<Double>.zero
    var weight = 0.0
    for member in members {
      let entry = buckets[Int(member)]
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
  /// The palette sorted by green: red, green, blue and the colour's palette index.
  private let entries: [SIMD4<Int32>]
  /// For each green level 0…255, the first entry whose green is at least that.
  private let firstAtGreen: [Int32]
  /// Where each palette index went in the sorted order.
  private let sorted: [Int32]

  init(_ palette: [SIMD3<Float>]) {
    let order = palette.indices.sorted { palette[$0].y < palette[$1].y }
    let entries = order.map { index in
      let color = palette[index].rounded(.toNearestOrAwayFromZero)
      return SIMD4<Int32>(Int32(color.x), Int32(color.y), Int32(color.z), Int32(index))
    }
    var firstAtGreen = [Int32](repeating: 0, count: 256)
    var position = 0
    for green in 0..<256 {
      while position < entries.count, entries[position].y < Int32(green) { position += 1 }
      firstAtGreen[green] = Int32(position)
    }
    var sorted = [Int32](repeating: 0, count: order.count)
    for (position, index) in order.enumerated() { sorted[index] = Int32(position) }
    self.entries = entries
    self.firstAtGreen = firstAtGreen
    self.sorted = sorted
  }

  /// The nearest palette colour's index; `near`, a palette index likely close to it, only
  /// speeds the search up.
  func index(of color: SIMD3<Float>, near: Int? = nil) -> Int {
    // Rounded half up: the channels are never negative.
    index(
      r: Int32(color.x + 0.5), g: Int32(color.y + 0.5), b: Int32(color.z + 0.5), near: near)
  }

  /// The nearest palette colour (the one ``index(r:g:b:near:)`` finds), its squared
  /// distance, and the second nearest's (`Int32.max` with one colour).
  func nearestTwo(r: Int32, g: Int32, b: Int32) -> (index: Int, distance: Int32, second: Int32) {
    guard !entries.isEmpty else { return (0, 0, .max) }
    var best = 0
    var distance = Int32.max
    var second = Int32.max
    search(r: r, g: g, b: b, best: &best, distance: &distance, second: &second, bySecond: true)
    return (Int(entries[best].w), distance, second)
  }

  func index(r: Int32, g: Int32, b: Int32, near: Int? = nil) -> Int {
    guard !entries.isEmpty else { return 0 }
    var best = 0
    var distance = Int32.max
    var second = Int32.max
    if let near, near < sorted.count {
      best = Int(sorted[near])
      let d = entries[best] &- SIMD4(r, g, b, 0)
      // Strictly nearer colours only, then ties as the plain search breaks them.
      distance = d.x &* d.x &+ d.y &* d.y &+ d.z &* d.z &+ 1
    }
    search(r: r, g: g, b: b, best: &best, distance: &distance, second: &second, bySecond: false)
    return Int(entries[best].w)
  }

  /// Measures entries outward from green `g`, both ways in turn, each way until green alone
  /// is as far as the best distance (or the second best's, `bySecond`); `best` is the first
  /// entry met at the smallest distance.
  @inline(__always)
  private func search(
    r: Int32, g: Int32, b: Int32, best: inout Int, distance: inout Int32, second: inout Int32,
    bySecond: Bool
  ) {
    entries.withUnsafeBufferPointer { entries in
      let count = entries.count
      // Whether the way goes on past `position`.
      func measure(_ position: Int) -> Bool {
        let e = entries[position]
        let dg = e.y &- g
        if dg &* dg >= (bySecond ? second : distance) { return false }
        let dr = e.x &- r
        let db = e.z &- b
        let measured = dr &* dr &+ dg &* dg &+ db &* db
        if measured < distance {
          second = distance
          distance = measured
          best = position
        } else if measured < second {
          second = measured
        }
        return true
      }
      var up = Int(firstAtGreen[Int(min(max(g, 0), 255))])
      var down = up - 1
      while up < count || down >= 0 {
        if up < count { up = measure(up) ? up + 1 : count }
        if down >= 0 { down = measure(down) ? down - 1 : -1 }
      }
    }
  }
}
