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

  /// Whether a name is a movie's by its extension, read from its last bytes, says what
  /// Foundation's `pathExtension` says, for every id a walk gives.
  @Test(arguments: [
    "IMG_0001.MOV", "a/b.mov", "a/b.Mp4", "b.M4V", "x.m4a", ".mov", "a/.mov", "mov", "a.mov/b",
    "a..mov", "a/b.movie", "a/b.mo", "m.mp4", "caf\u{E9}.mov", "\u{E9}.MOV", "a/\u{14}.m\u{14}v",
    "x.m\u{14}v", "x.MOV.jpg", "", "a", "ab.v", "a b.mov", "a/b mov",
  ])
  func aMovieNameIsOneFoundationGivesAMovieExtension(id: String) {
    let foundation = ["mov", "mp4", "m4v"].contains((id as NSString).pathExtension.lowercased())
    #expect(FolderLibrary.isMovieName(id) == foundation)
  }
}
