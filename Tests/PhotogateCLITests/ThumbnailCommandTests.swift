import Foundation
import ImageDecoding
import TestSupport
import Testing

/// `photogate thumbnail FILE… --size N --output PATH`, run as a user would.
@Suite struct ThumbnailCommandTests {
  static func sample(_ name: String) -> String {
    TestPaths.sampleImages.appendingPathComponent(name).path
  }

  @Test func oneFileWritesAPNGWithTheRequestedLongSide() throws {
    let folder = try TestPaths.makeTemporaryDirectory("thumbnail")
    let output = folder.appendingPathComponent("palace.png").path
    let result = try CLIRunner.run([
      "thumbnail", Self.sample("summer-palace-beijing.jpg"), "--size", "100", "--output", output,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let info = try ImageDecoder.info(ofFileAt: output)
    #expect(info.format == .png)
    #expect((info.width, info.height) == (100, 67))
  }

  @Test func orientationIsApplied() throws {
    let folder = try TestPaths.makeTemporaryDirectory("thumbnail")
    let output = folder.appendingPathComponent("cat.png").path
    let result = try CLIRunner.run([
      "thumbnail", Self.sample("chelsea-the-cat-exif-orientation-6.jpg"), "--size", "90",
      "--output", output,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let info = try ImageDecoder.info(ofFileAt: output)
    #expect((info.width, info.height) == (90, 60))
  }

  @Test func sizeZeroWritesTheFullSizeDecode() throws {
    let folder = try TestPaths.makeTemporaryDirectory("thumbnail")
    let output = folder.appendingPathComponent("hopper.png").path
    let input = Self.sample("grace-hopper-1984.jpg")
    let result = try CLIRunner.run(["thumbnail", input, "--size", "0", "--output", output])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try ImageDecoder.decode(fileAt: output) == ImageDecoder.decode(fileAt: input))
  }

  @Test func severalFilesGoIntoAFolderAndABadOneFailsAlone() throws {
    let folder = try TestPaths.makeTemporaryDirectory("thumbnail")
    let notes = folder.appendingPathComponent("notes.jpg")
    try Data("just text\n".utf8).write(to: notes)
    let output = folder.appendingPathComponent("out/thumbs/").path + "/"
    let result = try CLIRunner.run([
      "thumbnail", Self.sample("coffee-cup-cutout-rgba.png"), notes.path,
      Self.sample("retina-fundus.jpg"), "--size", "64", "--output", output,
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("\(notes.path): not an image PhotoGate reads ("))
    let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
    #expect(written == ["coffee-cup-cutout-rgba.png", "retina-fundus.png"])
    let cup = try ImageDecoder.info(ofFileAt: output + "/coffee-cup-cutout-rgba.png")
    #expect(max(cup.width, cup.height) == 64)
  }

  @Test func failedSingleFileLeavesNothingBehind() throws {
    let folder = try TestPaths.makeTemporaryDirectory("thumbnail")
    let truncated = folder.appendingPathComponent("cut.jpg")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.sample("grace-hopper-1984.jpg")))
    try bytes.prefix(bytes.count / 2).write(to: truncated)
    let output = folder.appendingPathComponent("cut.png").path
    let result = try CLIRunner.run(["thumbnail", truncated.path, "--output", output])
    #expect(result.status == 1)
    #expect(result.stderr.contains("cut.jpg: truncated JPEG"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cut.jpg"])
  }

  @Test(arguments: [
    "heic-sps-size-not-multiple-of-coding-block.heic", "heic-sps-transform-depth-too-large.heic",
  ])
  func badHEVCParameterSetPrintsOnlyOurMessage(name: String) throws {
    let input = TestPaths.packageRoot.appendingPathComponent(
      "Tests/ImageDecodingTests/Fixtures/bad/\(name)"
    ).path
    let folder = try TestPaths.makeTemporaryDirectory("thumbnail")
    let output = folder.appendingPathComponent("out.png").path
    let result = try CLIRunner.run(["thumbnail", input, "--size", "32", "--output", output])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(result.stderr)")
    #expect(
      lines.first?.hasPrefix(
        "photogate: \(input): corrupt HEIF file: invalid HEVC sequence parameter set: ") == true)
    #expect(lines.last == "photogate: 1 of 1 thumbnails failed")
  }

  @Test(arguments: [
    ["thumbnail", "a.jpg"],
    ["thumbnail", "a.jpg", "--size", "-1", "--output", "x.png"],
    ["thumbnail", "one/a.jpg", "two/a.png", "--output", "out/"],
  ])
  func badUsageExitsTwo(arguments: [String]) throws {
    let result = try CLIRunner.run(arguments)
    #expect(result.status == 2, "\(result.stderr)")
  }

  @Test func aFileNameWithSeveralInputsIsBadUsageAndCreatesNothing() throws {
    let folder = try TestPaths.makeTemporaryDirectory("thumbnail")
    let output = folder.appendingPathComponent("thumbs.png").path
    let result = try CLIRunner.run([
      "thumbnail", Self.sample("retina-fundus.jpg"), Self.sample("grace-hopper-1984.jpg"),
      "--output", output,
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--output \(output) is one file, but 2 images were given"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func anExistingFolderReceivesNamePNGEvenForOneInput() throws {
    let folder = try TestPaths.makeTemporaryDirectory("thumbnail")
    let result = try CLIRunner.run([
      "thumbnail", Self.sample("retina-fundus.jpg"), "--size", "32", "--output", folder.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["retina-fundus.png"])
  }
}
