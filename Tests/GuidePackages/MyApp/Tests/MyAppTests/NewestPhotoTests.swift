import MyAppPickerCode
import Photos
import PhotosUI
import Testing

/// The guide's `import Photos` / `import PhotosUI` example, in the same suite (a device of its
/// own for each test).
extension VisiblePhotoCountTests {
  @Test func onlyASharedPhotoCanBeTheNewest() throws {
    try PhotoKitDevice.install(
      readWrite: .limited, selection: ["b.jpg"], assets: ["a.jpg", "b.jpg", "c.jpg"])
    #expect(newestPhotoIdentifier() == "b.jpg")
  }

  @MainActor @Test func thePickerTakesOnePhoto() {
    #expect(singlePhotoPicker().configuration.selectionLimit == 1)
  }
}
