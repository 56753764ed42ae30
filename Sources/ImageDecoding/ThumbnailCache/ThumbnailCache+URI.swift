import Foundation

extension ThumbnailCache {
  /// The `file://` URI that names `fileURL` in the cache, escaped as GLib's `g_filename_to_uri`
  /// does, so that GNOME, KDE and PhotoGate compute the same MD5 for the same file.
  ///
  /// The path is made absolute and `.`/`..` are removed, but symbolic links are kept: the
  /// standard keys a thumbnail by the path the user opened. Bytes outside RFC 3986's unreserved
  /// set and `!$&'()*+,:=@/` are written as `%XX` with upper-case hex digits (so a space is
  /// `%20` and UTF-8 `é` is `%C3%A9`).
  public static func uri(for fileURL: URL) -> String {
    uri(forPath: fileURL.standardizedFileURL.path)
  }

  /// The `file://` URI of an absolute, already normalized `path`.
  public static func uri(forPath path: String) -> String {
    var result = "file://"
    result.reserveCapacity(path.utf8.count + 16)
    let hex = Array("0123456789ABCDEF".utf8)
    var escaped: [UInt8] = []
    escaped.reserveCapacity(path.utf8.count)
    for byte in path.utf8 {
      if isKeptInPath(byte) {
        escaped.append(byte)
      } else {
        escaped += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xf)]]
      }
    }
    result += String(decoding: escaped, as: UTF8.self)
    return result
  }

  /// GLib's `UNSAFE_PATH` table: unreserved characters, `/`, and the sub-delimiters and `:@`
  /// that it leaves alone in a path.
  private static func isKeptInPath(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "-_.~!$&'()*+,:=@/".utf8.contains(byte)
    }
  }
}
