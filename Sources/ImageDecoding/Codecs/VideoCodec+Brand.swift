/// Which movie format an ISO base media file is, from its first box: the `ftyp` major brand
/// (and compatible brands), or the atom an old QuickTime file starts with.
///
/// HEIF and AVIF images are ISO base media files too (`heic`, `mif1`, `avif`, …): only brands
/// that name a movie match, so those stay with their own codec.
enum MovieBrand {
  /// Major brands of QuickTime movies.
  static let quickTime: Set<String> = ["qt  "]
  /// Major brands of MPEG-4 movies (ISO 14496-12/14, Apple's M4V, 3GPP, Sony's XAVC, Adobe F4V).
  static let mpeg4: Set<String> = [
    "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH",
    "M4VP", "mmp4", "MSNV", "XAVC", "f4v ", "dash", "3gp4", "3gp5", "3gp6", "3g2a", "NDAS",
  ]
  /// Atoms an old QuickTime file (without `ftyp`) may start with.
  static let quickTimeAtoms: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot"]

  /// The movie format of a file starting with `head`, or nil when it is not a movie.
  static func format(ofHead head: [UInt8]) -> ImageFormat? {
    guard head.count >= 12 else { return nil }
    let size = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
    let type = fourCC(head, at: 4)
    if type == "ftyp" {
      guard size >= 16 else { return nil }
      let major = fourCC(head, at: 8)
      if quickTime.contains(major) { return .quickTime }
      if mpeg4.contains(major) { return .mpeg4 }
      return nil
    }
    // An old QuickTime file: a plausible first atom size (0 means "to the end of the file").
    guard quickTimeAtoms.contains(type), size == 0 || size >= 8 else { return nil }
    if type == "free" || type == "skip" {
      // Only a movie when the next atom is a movie atom too.
      guard size >= 8, size + 8 <= head.count else { return nil }
      let next = fourCC(head, at: size + 4)
      return ["moov", "mdat", "wide"].contains(next) ? .quickTime : nil
    }
    return .quickTime
  }

  private static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
    String(decoding: bytes[offset..<offset + 4], as: Unicode.ASCII.self)
  }
}
