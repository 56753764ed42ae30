import Foundation
import Testing

@testable import PhotoLibrary

/// The key a still and its movie share (folder and base name, case folded) is Foundation's
/// `deletingPathExtension`, lowercased, for every id, with or without the fast path.
@Suite struct PairingBaseKeyTests {
  @Test(arguments: [
    "IMG_0001.HEIC", "DCIM/IMG_0001.MOV", "a/b/c.d.e", "a.b/c", "a.b/c.", "noext", ".hidden",
    "a/.hidden", "a/.hidden.jpg", "..", "a/..", "a/...", "a/..b", "a/b..", "...", ".", "a/.",
    "a.b/.c", "Mixed Case/File Name.JPG", "a/b c.d e", "a/b.d e", "x/y.", "trailing/",
    "/leading/x.jpg", "double//x.jpg", "caf\u{E9}/IMG_1.JPG", "caf\u{E9}.JPG", "", "a/b/",
    "DCIM/100APPLE/IMG_0001.HEIC", "a.b.c.mov", "Trips/x.y/IMG_1.MOV", "dir.d/noextension",
    "trailing.", ".hidden.jpg", "\u{E9}t\u{E9}/\u{FC}.JPG", "name with space.JPG",
    "dash-ext.j-g", "UPPER/Case.Png",
  ])
  func theKeyIsFoundationsDeletingPathExtensionLowercased(id: String) {
    let foundation = (id as NSString).deletingPathExtension.lowercased()
    #expect(LivePhotoPairing.File.baseKey(of: id) == foundation)
    if let fast = LivePhotoPairing.File.plainBaseKey(of: id) { #expect(fast == foundation) }
  }

  @Test func aWalksIDsTakeTheFastPath() {
    #expect(
      LivePhotoPairing.File.plainBaseKey(of: "Album001/IMG_000001.JPG") == "album001/img_000001")
    #expect(LivePhotoPairing.File.plainBaseKey(of: "caf\u{E9}/IMG_1.JPG") == nil)
  }
}
