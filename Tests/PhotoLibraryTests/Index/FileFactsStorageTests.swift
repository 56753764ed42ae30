import ImageDecoding
import Testing

@testable import PhotoLibrary

/// Which facts the index keeps in columns and which in the JSON blob.
@Suite struct FileFactsStorageTests {
  static let still = ImageInfo(
    format: .jpeg, width: 4, height: 2, orientation: 6, dateTimeOriginal: "2021:01:02 03:04:05")

  @Test(arguments: [
    (FileFacts.image(still), FileFacts.Storage.plainImage),
    (.image(ImageInfo(format: .png, width: 3, height: 5)), .plainImage),
    (
      .image(
        ImageInfo(format: .gif, width: 3, height: 5, frameCount: 2, frameDurations: [0.1, 0.1])),
      .blob
    ),
    (
      .image(ImageInfo(format: .jpeg, width: 3, height: 5, video: VideoFacts(codec: "h264"))), .blob
    ),
    (.unreadableHeader(reason: "truncated"), .blob),
    (.notImage, .notImage),
  ])
  func factsAreStoredInColumnsOnlyWhenColumnsHoldThemAll(
    facts: FileFacts, storage: FileFacts.Storage
  ) {
    #expect(facts.storage == storage)
    if storage == .plainImage, let plain = facts.plainImage {
      #expect(FileFacts.image(plain) == facts)
    }
  }
}
