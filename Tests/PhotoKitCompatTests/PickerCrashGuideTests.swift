// The examples of docs/reproducing-picker-crashes.md, word for word: the tests a reader writes
// for a picker's change handling. (The view controllers they run are in
// Tests/PhotoKitCompatClients: PhotoGridViewController.swift and
// StaleFetchResultGridViewController.swift, whose `apply(_:)` the guide also shows word for
// word; `everyGuideSnippetIsCompiled` checks that each Swift block of the guide is in one of
// these files.)

import Foundation
import PhotoKitCompatTesting
import TestSupport
import Testing

@testable import PhotoKitCompatClients

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

@Suite(.isolatedPhotoKitDevice) struct GridChangeHandlingTests {
  @Test func theGridSurvivesRandomLibraryChanges() throws {
    let checker = BatchUpdateChecker(seed: 42, sequences: 2_000)
    try checker.run { fetchResult in
      let grid = PhotoGridViewController(fetchResult: fetchResult)
      grid.loadViewIfNeeded()
      return .init(collectionView: grid.collectionView) { changes in grid.apply(changes) }
    }
  }

  @Test func aStaleFetchResultCrashes() throws {
    let checker = BatchUpdateChecker(seed: 42, sequences: 300)
    #expect(throws: BatchUpdateChecker.Failure.self) {
      try checker.run { fetchResult in
        let grid = StaleFetchResultGridViewController(fetchResult: fetchResult)
        grid.loadViewIfNeeded()
        return .init(collectionView: grid.collectionView) { changes in grid.apply(changes) }
      }
    }
  }
}

@Suite struct PickerCrashGuideTests {
  /// Each ```swift block of the guide appears, line for line (indentation aside), in a file
  /// the tests compile.
  @Test func everyGuideSnippetIsCompiled() throws {
    let root = TestPaths.packageRoot
    let guide = try String(
      contentsOf: root.appendingPathComponent("docs/reproducing-picker-crashes.md"),
      encoding: .utf8)
    let sources = try [
      "Tests/PhotoKitCompatTests/PickerCrashGuideTests.swift",
      "Tests/PhotoKitCompatClients/PhotoGridViewController.swift",
      "Tests/PhotoKitCompatClients/StaleFetchResultGridViewController.swift",
    ].map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
    func lines(_ text: some StringProtocol) -> [String] {
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    let blocks = guide.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count >= 3)
    for block in blocks {
      let wanted = lines(block).joined(separator: "\n")
      let found = sources.contains { lines($0).joined(separator: "\n").contains(wanted) }
      #expect(found, "not in a compiled file:\n\(block)")
    }
  }
}
