#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lanczos3 weights for one axis of a resize, computed once: for every output index, the first
/// input index it reads and `taps` normalised weights (zero-padded, edges clamped inside).
struct FilterWeights {
  let outputCount: Int
  let taps: Int
  let starts: [Int]
  let weights: [Float]

  init(from inputCount: Int, to outputCount: Int) {
    let scale = Double(inputCount) / Double(outputCount)
    let stretch = max(scale, 1)
    let support = 3 * stretch
    let taps = min(Int((2 * support).rounded(.up)) + 1, inputCount)
    var starts = [Int](repeating: 0, count: outputCount)
    var weights = [Float](repeating: 0, count: outputCount * taps)
    var kernel = [Double](repeating: 0, count: taps)
    for index in 0..<outputCount {
      let center = (Double(index) + 0.5) * scale - 0.5
      let start = min(max(Int((center - support).rounded(.up)), 0), inputCount - taps)
      var total = 0.0
      for tap in 0..<taps {
        let value = Self.lanczos3((Double(start + tap) - center) / stretch)
        kernel[tap] = value
        total += value
      }
      starts[index] = start
      if total == 0 { total = 1 }
      for tap in 0..<taps { weights[index * taps + tap] = Float(kernel[tap] / total) }
    }
    self.outputCount = outputCount
    self.taps = taps
    self.starts = starts
    self.weights = weights
  }

  /// Filters one row of premultiplied `SIMD4<Float>` pixels (`input`, at least the input
  /// count long) into `outputCount` pixels at `output`.
  @inline(__always)
  func apply(to input: UnsafeRawPointer, into output: UnsafeMutableRawPointer) {
    weights.withUnsafeBufferPointer { weights in
      starts.withUnsafeBufferPointer { starts in
        for x in 0..<outputCount {
          var sum = SIMD4<Float>(repeating: 0)
          let w = weights.baseAddress! + x * taps
          let first = input + starts[x] * 16
          for tap in 0..<taps {
            sum += first.loadUnaligned(fromByteOffset: tap * 16, as: SIMD4<Float>.self) * w[tap]
          }
          output.storeBytes(of: sum, toByteOffset: x * 16, as: SIMD4<Float>.self)
        }
      }
    }
  }

  /// sinc(x)·sinc(x/3) on (-3, 3), zero outside.
  static func lanczos3(_ x: Double) -> Double {
    if x == 0 { return 1 }
    if abs(x) >= 3 { return 0 }
    let px = Double.pi * x
    return 3 * sin(px) * sin(px / 3) / (px * px)
  }
}
