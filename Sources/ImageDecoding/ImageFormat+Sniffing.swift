extension ImageFormat {
  /// The format whose magic bytes start `bytes`, or nil: JPEG is `FF D8 FF`, PNG is the
  /// 8-byte signature `89 50 4E 47 0D 0A 1A 0A`. File names and extensions are never consulted.
  public init?(sniffing bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(8))
    if head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF {
      self = .jpeg
    } else if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
      self = .png
    } else {
      return nil
    }
  }
}
