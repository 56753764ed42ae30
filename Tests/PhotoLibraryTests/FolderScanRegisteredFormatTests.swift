import Foundation
import ImageDecoding
import TestSupport
import Testing

@testable import PhotoLibrary

/// A format registered through the public registry is listed by the library scan with its
/// size, like the built-in ones.
@Suite struct FolderScanRegisteredFormatTests {
  @Test func aRegisteredFormatIsAnAsset() throws {
    PPMCodec.registerShared()
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("scan.ppm", PPMCodec.file(width: 6, height: 4, rgb: (0, 0, 255)))
    try tree.file("notes.md", Array("# notes".utf8))
    let scan = FolderLibrary(root: tree.root).scan()
    #expect(scan.assets.map(\.id) == ["scan.ppm"])
    #expect(scan.assets.map { [$0.pixelWidth, $0.pixelHeight] } == [[6, 4]])
  }
}
