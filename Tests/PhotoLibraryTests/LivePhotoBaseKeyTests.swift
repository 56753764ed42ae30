import Foundation
import Testing

@testable import PhotoLibrary

/// A Live Photo's still and movie pair by folder and base name: the base key of a plain ASCII
/// name, made byte by byte, is the one `NSString` gives; any other name is left to `NSString`.
@Suite struct LivePhotoBaseKeyTests {
  @Test(arguments: [
    "IMG_0001.JPG", "DCIM/100APPLE/IMG_0001.HEIC", "a.b.c.mov", "Trips/x.y/IMG_1.MOV",
    "noextension", "dir.d/noextension", "trailing.", ".hidden.jpg", "a/.hidden.jpg",
    "été/ü.JPG", "a//b.jpg", "name with space.JPG", "dash-ext.j-g", "UPPER/Case.Png",
  ])
  func plainBaseKeysAreNSStrings(_ id: String) {
    let expected = (id as NSString).deletingPathExtension.lowercased()
    if let key = LivePhotoPairing.File.plainBaseKey(of: id) {
      #expect(key == expected, "\(id)")
    }
    #expect(LivePhotoPairing.File.baseKey(of: id) == expected, "\(id)")
  }
}
