import Foundation

/// One folder of an ``AssetRoot`` that the assets found in it share: its path below the root
/// and its album, kept once for the folder instead of in each asset's id.
///
/// An asset of a folder library keeps this reference and its file's name, so that an id is no
/// string of its own: a name of up to 15 UTF-8 bytes ("IMG_0001.HEIC") is held in the
/// asset itself, where "DCIM/100APPLE/IMG_0001.HEIC" takes a 64-byte allocation per asset.
final class AssetFolder: Sendable {
  /// Where its root is.
  let place: AssetPlace
  /// The folder's path relative to the root, with a trailing `/` ("" for the root itself).
  let prefix: String
  /// ``prefix``'s UTF-8 bytes, read in place by comparisons.
  let prefixBytes: [UInt8]
  /// The folder's absolute path with a trailing `/` (what ``AssetPlace/path(of:)`` puts before
  /// an id, then ``prefix``), as UTF-8 bytes.
  let pathBytes: [UInt8]
  /// The folder's first component: the album of every asset in it (nil at the root).
  let album: String?

  init(place: AssetPlace, prefixBytes: UnsafeBufferPointer<UInt8>) {
    self.place = place
    self.prefixBytes = [UInt8](prefixBytes)
    prefix = String(decoding: prefixBytes, as: UTF8.self)
    pathBytes = Array(place.path(of: prefix).utf8)
    album = prefixBytes.firstIndex(of: UInt8(ascii: "/")).map {
      String(decoding: UnsafeBufferPointer(rebasing: prefixBytes[..<$0]), as: UTF8.self)
    }
  }

  /// The folder `body` gives for the bytes of the folder part of `id` (up to its last `/`,
  /// included), and the file's name.
  static func split<Folder>(
    _ id: String, _ body: (UnsafeBufferPointer<UInt8>) -> Folder
  ) -> (folder: Folder, name: String) {
    var id = id
    return id.withUTF8 { bytes in
      let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
      let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
      return (body(UnsafeBufferPointer(rebasing: bytes[..<start])), name)
    }
  }

  /// The folder of the file `id` below `place` and its name: a folder of its own, not one of
  /// a root's (an asset given a new id).
  static func holding(_ id: String, in place: AssetPlace) -> (folder: AssetFolder, name: String) {
    split(id) { AssetFolder(place: place, prefixBytes: $0) }
  }

  /// The id of the file `name` in this folder (``prefix`` and `name`, in one allocation).
  func id(of name: String) -> String {
    prefix.isEmpty ? name : prefixBytes.withUnsafeBufferPointer { Self.joined($0, name) }
  }

  /// The absolute path of the file `name` in this folder: ``AssetPlace/path(of:)`` of its id.
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
