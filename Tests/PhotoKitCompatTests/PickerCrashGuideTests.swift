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
