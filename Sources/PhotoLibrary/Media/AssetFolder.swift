import Foundation

/// One folder of an ``AssetRoot`` that the assets found in it share: its path below the root
/// and its album, kept once for the folder instead of in each asset's id.
///
/// An asset of a folder library keeps this reference and its file's name, so that an id is no
/// string of its own: a name of up to 15 UTF-8 bytes ("IMG_0001.HEIC") is held in the
/// asset itself, where "DCIM/100APPLE/IMG_0001.HEIC" takes a 64-byte allocation per asset.
final class AssetFolder: Sendable {
  let root: AssetRoot
  /// The folder's path relative to the root, with a trailing `/` ("" for the root itself).
  let prefix: String
  /// ``prefix``'s UTF-8 bytes, read in place by comparisons.
  let prefixBytes: [UInt8]
  /// The folder's absolute path with a trailing `/` (what ``AssetRoot/path(of:)`` puts before
  /// an id, then ``prefix``), as UTF-8 bytes.
  let pathBytes: [UInt8]
  /// The folder's first component: the album of every asset in it (nil at the root).
  let album: String?

  init(root: AssetRoot, prefixBytes: UnsafeBufferPointer<UInt8>) {
    self.root = root
    self.prefixBytes = [UInt8](prefixBytes)
    prefix = String(decoding: prefixBytes, as: UTF8.self)
    pathBytes = Array(root.path(of: prefix).utf8)
    album = prefixBytes.firstIndex(of: UInt8(ascii: "/")).map {
      String(decoding: UnsafeBufferPointer(rebasing: prefixBytes[..<$0]), as: UTF8.self)
    }
  }

  /// The id of the file `name` in this folder (``prefix`` and `name`, in one allocation).
  func id(of name: String) -> String {
    prefix.isEmpty ? name : prefixBytes.withUnsafeBufferPointer { Self.joined($0, name) }
  }

  /// The absolute path of the file `name` in this folder: ``AssetRoot/path(of:)`` of its id.
  func path(of name: String) -> String {
    pathBytes.withUnsafeBufferPointer { Self.joined($0, name) }
  }

  /// `head`'s bytes then `tail`'s, as one string made at once (a listing written out makes two
  /// for each of a million assets).
  private static func joined(_ head: UnsafeBufferPointer<UInt8>, _ tail: String) -> String {
    var tail = tail
    return tail.withUTF8 { tail in
      String(unsafeUninitializedCapacity: head.count + tail.count) { buffer in
        _ = buffer.initialize(fromContentsOf: head)
        _ = buffer[head.count...].initialize(fromContentsOf: tail)
        return head.count + tail.count
      }
    }
  }

  /// Whether the bytes `prefix` are this folder's.
  func hasPrefix(_ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
    prefixBytes.withUnsafeBufferPointer { own in
      own.count == prefix.count
        && (own.isEmpty || memcmp(own.baseAddress!, prefix.baseAddress!, own.count) == 0)
    }
  }
}
