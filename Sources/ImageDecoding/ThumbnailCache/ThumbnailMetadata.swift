import Foundation

/// What a cached thumbnail says about its source: the `Thumb::` text keys of the freedesktop.org
/// Thumbnail Managing Standard, read without decoding the image.
///
/// ``read(fromFileAt:)`` reads only the PNG signature and the chunks before the first `IDAT`
/// (where the standard's writers put `tEXt`), plus the file's last 12 bytes to see that it ends
/// with `IEND`. That keeps the warm pass of the cache to a few hundred bytes per file, the way
/// GLib's `gnome-desktop-thumbnail` checks `Thumb::MTime` before it uses a thumbnail.
public struct ThumbnailMetadata: Sendable, Equatable {
  /// Every `tEXt` key and value before the image data (Latin-1 decoded).
  public var text: [String: String]
  /// The thumbnail's own width and height, from `IHDR`.
  public var width: Int
  public var height: Int

  public init(text: [String: String], width: Int, height: Int) {
    self.text = text
    self.width = width
    self.height = height
  }

  /// `Thumb::URI`: the source file's URI.
  public var uri: String? { text[Key.uri] }
  /// `Thumb::MTime`: the source's modification time in whole seconds since the epoch.
  public var mtime: Int? { text[Key.mtime].flatMap { Int($0) } }
  /// `Thumb::Size`: the source's size in bytes.
  public var fileSize: Int? { text[Key.size].flatMap { Int($0) } }

  /// The standard's key names, and PhotoGate's own (`X-` keys, as the standard asks).
  public enum Key {
    public static let uri = "Thumb::URI"
    public static let mtime = "Thumb::MTime"
    public static let size = "Thumb::Size"
    public static let software = "Software"
    /// Why a failure record's source could not be thumbnailed.
    public static let failureReason = "X-Photogate::Reason"
    /// The ``DecodeError/Code`` of a failure record.
    public static let failureCode = "X-Photogate::Code"
  }

  private static let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  private static let iendTrailer: [UInt8] = [
    0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
  ]
  /// Enough for the signature, `IHDR` and the standard's text chunks in one read.
  private static let firstReadSize = 4096
  /// A header longer than this is not one of ours, nor a thumbnail worth trusting.
  private static let maxHeaderSize = 1 << 20

  /// The metadata of the PNG at `path`, or nil when the file is missing, is not a PNG, has a
  /// chunk with a bad CRC before the image data, or does not end with `IEND` (truncated).
  public static func read(fromFileAt path: String) -> ThumbnailMetadata? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    let fileSize = Int(info.st_size)
    guard fileSize >= signature.count + 25 + iendTrailer.count else { return nil }
    guard let trailer = readBytes(fd, at: fileSize - iendTrailer.count, count: iendTrailer.count),
      trailer == iendTrailer
    else { return nil }
    var header = readBytes(fd, at: 0, count: min(firstReadSize, fileSize)) ?? []
    guard header.starts(with: signature) else { return nil }
    return parseChunks(&header, fd: fd, fileSize: fileSize)
  }

  /// Walks the chunks after the signature up to the first `IDAT`, reading more of the file only
  /// when a chunk runs past what has been read.
  private static func parseChunks(
    _ bytes: inout [UInt8], fd: Int32, fileSize: Int
  ) -> ThumbnailMetadata? {
    var offset = signature.count
    var text: [String: String] = [:]
    var size: (width: Int, height: Int)?
    while true {
      guard ensure(&bytes, count: offset + 8, fd: fd, fileSize: fileSize) else { return nil }
      let length = Int(bigEndian32(bytes, at: offset))
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if type == "IDAT" {
        guard let size else { return nil }
        return ThumbnailMetadata(text: text, width: size.width, height: size.height)
      }
      let end = offset + 12 + length
      guard length < maxHeaderSize, end <= maxHeaderSize,
        ensure(&bytes, count: end, fd: fd, fileSize: fileSize)
      else { return nil }
      let data = bytes[(offset + 8)..<(offset + 8 + length)]
      guard
        CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)])
          == bigEndian32(bytes, at: end - 4)
      else { return nil }
      switch type {
      case "IHDR":
        guard size == nil, length == 13 else { return nil }
        let start = data.startIndex
        size = (Int(bigEndian32(bytes, at: start)), Int(bigEndian32(bytes, at: start + 4)))
      case "tEXt":
        guard size != nil, let separator = data.firstIndex(of: 0) else { return nil }
        text[latin1(data[data.startIndex..<separator])] = latin1(data[(separator + 1)...])
      default:
        if size == nil { return nil }  // IHDR must come first.
      }
      offset = end
    }
  }

  /// Grows `bytes` (read from the start of the file) to at least `count` bytes.
  private static func ensure(_ bytes: inout [UInt8], count: Int, fd: Int32, fileSize: Int) -> Bool {
    if bytes.count >= count { return true }
    let wanted = min(max(count, bytes.count * 2), fileSize) - bytes.count
    guard count <= fileSize, let more = readBytes(fd, at: bytes.count, count: wanted) else {
      return false
    }
    bytes += more
    return bytes.count >= count
  }

  /// `count` bytes at `offset` (fewer at the end of the file), or nil on a read error.
  private static func readBytes(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      var done = 0
      while done < count {
        let got = pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done))
        if got < 0 && errno == EINTR { continue }
        if got < 0 { failed = true }
        if got <= 0 { break }
        done += got
      }
      initialized = done
    }
    return failed ? nil : bytes
  }

  private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }

  private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
    String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}
