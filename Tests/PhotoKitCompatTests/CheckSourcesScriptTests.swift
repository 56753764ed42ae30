import Foundation
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// `scripts/check-photokit-sources`, run as a user runs it on a folder of iOS files (against
  /// the modules this test run was built with).
  @Suite struct CheckSourcesScript {
    /// Runs the script on `folder`; its exit status and what it printed.
    static func run(_ folder: URL) throws -> (status: Int32, output: String, errors: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = [
        TestPaths.packageRoot.appendingPathComponent("scripts/check-photokit-sources").path,
        folder.path,
      ]
      var environment = ProcessInfo.processInfo.environment
      environment["PHOTOKIT_CHECK_BIN"] = CLIRunner.executable.deletingLastPathComponent().path
      process.environment = environment
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let printed = output.fileHandleForReading.readDataToEndOfFile()
      let complained = errors.fileHandleForReading.readDataToEndOfFile()
      let status = process.waitForExit()
      return (
        status, String(decoding: printed, as: UTF8.self),
        String(decoding: complained, as: UTF8.self)
      )
    }

    @Test func iOSFilesAreCheckedOneByOneWithTheirStubs() throws {
      let folder = try TestPaths.makeTemporaryDirectory("check-sources")
      try """
      import UIKit
      import Photos

      final class GridController: UIViewController {
        @IBOutlet weak var imageView: UIImageView!
        let size = CGSize(width: 100, height: 100)
        func count() -> Int { PHAsset.fetchAssets(with: .image, options: nil).count }
      }
      """.write(to: folder.appendingPathComponent("Grid.swift"), atomically: true, encoding: .utf8)
      try """
      import PhotosUICompat
      class UIImageView { var image: UIImage? }
      """.write(
        to: folder.appendingPathComponent("Grid.stubs.swift"), atomically: true, encoding: .utf8)
      try """
      import Photos
      let editing: PHLivePhotoEditingContext.Type = PHLivePhotoEditingContext.self
      """.write(
        to: folder.appendingPathComponent("LiveEditing.swift"), atomically: true, encoding: .utf8)

      let (status, output, _) = try Self.run(folder)
      #expect(status == 1)
      let lines = output.split(separator: "\n").map(String.init)
      #expect(lines.first == "ok   Grid")
      #expect(lines.contains("FAIL LiveEditing"))
      #expect(lines.contains { $0.contains("LiveEditing.swift:2:") && $0.contains("error:") })
      #expect(lines.last == "1 of 2 files type-check against PhotoKitCompat")
    }

    @Test func aFolderWithoutSwiftFilesIsABadUsage() throws {
      let folder = try TestPaths.makeTemporaryDirectory("check-sources-empty")
      let (status, _, errors) = try Self.run(folder)
      #expect(status == 2)
      #expect(errors.contains("\(folder.path): no .swift files to check"))
      let missing = folder.appendingPathComponent("missing")
      let (missingStatus, _, missingErrors) = try Self.run(missing)
      #expect(missingStatus == 2)
      #expect(missingErrors.contains("\(missing.path): not a folder"))
    }
  }
}
