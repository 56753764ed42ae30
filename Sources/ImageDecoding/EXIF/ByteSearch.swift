#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a run of bytes first occurs in others: C's `memchr(3)` skips to each place the
/// needle's first byte occurs and `memcmp(3)` compares the rest there, instead of a comparison
/// at every offset (`memmem(3)` is a GNU extension the C library module does not export).
package enum ByteSearch {
  /// The offset of the first occurrence of `needle` in `haystack` at or after `from`, or nil.
  /// An empty needle is never found.
  package static func firstIndex(
    of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from: Int = 0
  ) -> Int? {
    guard let first = needle.first, from >= 0, let base = haystack.baseAddress else { return nil }
    let last = haystack.count - needle.count  // The last offset where the needle fits.
    var offset = from
    return needle.withUnsafeBytes { wanted -> Int? in
      while offset <= last {
        guard let found = memchr(base + offset, Int32(first), last - offset + 1) else {
          return nil
        }
        offset = base.distance(to: UnsafeRawPointer(found))
        if memcmp(found, wanted.baseAddress!, wanted.count) == 0 { return offset }
        offset += 1
      }
      return nil
    }
  }

  /// ``firstIndex(of:in:from:)`` over an array.
  package static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from: Int = 0) -> Int? {
    haystack.withUnsafeBytes { firstIndex(of: needle, in: $0, from: from) }
  }
}
