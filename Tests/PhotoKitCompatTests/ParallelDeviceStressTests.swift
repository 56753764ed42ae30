import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import Testing

/// Two hundred tests, each with its own library, stored state and scripted user, running in
/// parallel (no `.serialized`): every one sees only its own device. Run it repeatedly with
/// `for i in $(seq 20); do swift test --skip-build --filter ParallelDeviceStress || break; done`.
@Suite(.isolatedPhotoKitDevice) struct ParallelDeviceStress {
  /// What test `index` installs and what it must then see.
  struct Case: Sendable, CustomTestStringConvertible {
    var index: Int
    var readWrite: PHAuthorizationStatus
    var ids: [String]
    var selection: [String]
    var testDescription: String { "#\(index) \(readWrite) of \(ids.count)" }

    init(_ index: Int) {
      self.index = index
      let statuses: [PHAuthorizationStatus] = [.authorized, .limited, .denied, .notDetermined]
      readWrite = statuses[index % statuses.count]
      ids = (0..<(1 + index % 9)).map { "t\(index)-\($0).jpg" }
      selection = readWrite == .limited ? Array(ids.prefix(1 + index % 3)) : []
    }

    /// The assets the app's first fetch sees. Not determined: the fetch puts up the prompt
    /// (as on a device), which this test's user answers with Allow.
    var visible: Int {
      switch readWrite {
      case .authorized, .notDetermined: ids.count
      case .limited: selection.count
      default: 0
      }
    }
  }

  @Test(arguments: (0..<200).map(Case.init))
  func eachTestSeesOnlyItsOwnDevice(_ test: Case) async throws {
    try PhotoKitDevice.install(
      bundleID: "com.example.stress\(test.index)", readWrite: test.readWrite,
      selection: test.selection, assets: test.ids, answers: [.allow],
      onTermination: { _ in })
    await Task.yield()
    #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == test.readWrite)
    #expect(PHAsset.fetchAssets(with: nil).count == test.visible)
    await Task.yield()
    let status = await PHPhotoLibrary.requestAuthorization(for: .readWrite)
    // This test's user answered its own prompt; no other test's device changed.
    #expect(status == (test.readWrite == .notDetermined ? .authorized : test.readWrite))
    #expect(PHAsset.fetchAssets(with: nil).count == test.visible)
    let ids = Set(
      (0..<PHAsset.fetchAssets(with: nil).count).map {
        PHAsset.fetchAssets(with: nil).object(at: $0).localIdentifier
      })
    #expect(ids.isSubset(of: Set(test.ids)))
    #expect(PhotoKitDevice.current.session.bundleID == "com.example.stress\(test.index)")
  }

  @Test func outsideAnIsolatedScopeTheProcessWideDeviceIsUntouched() async {
    let inside = PhotoKitDevice.isIsolated
    #expect(inside)
    await Task.detached {
      // A detached task leaves the scope: it sees the process-wide device, not this one.
      #expect(!PhotoKitDevice.isIsolated)
    }.value
  }
}
