import Foundation
import PhotoLibrary
import PickerCore
import SnapshotTesting
import Testing

/// The album switcher ("Recents ▾") and the grid's badges, for each status, through the real
/// permission engine. Snapshots: `__Snapshots__/AlbumSnapshotTests/`.
@Suite struct AlbumSnapshotTests {
  /// A camera roll: photos, a Live Photo, two videos, a screenshot, a hidden photo, an album.
  static let media: [Asset] = {
    func asset(
      _ id: String, minutes: Double, _ type: MediaType = .image, _ subtypes: MediaSubtypes = [],
      duration: Double = 0, hidden: Bool = false, favorite: Bool = false
    ) -> Asset {
      Asset(
        id: id, url: URL(fileURLWithPath: "/library/\(id)"),
        creationDate: Date(timeIntervalSince1970: 1_700_000_000 - minutes * 60),
        pixelWidth: 4032, pixelHeight: 3024,
        album: id.contains("/") ? String(id.split(separator: "/")[0]) : nil, mediaType: type,
        mediaSubtypes: subtypes, duration: duration, isFavorite: favorite, isHidden: hidden)
    }
    return [
      asset("IMG_0001.HEIC", minutes: 1, .image, .photoLive, favorite: true),
      asset("IMG_0002.MOV", minutes: 2, .video, .videoHighFrameRate, duration: 42.4),
      asset("IMG_0003.PNG", minutes: 3, .image, .photoScreenshot),
      asset("Trips/IMG_0004.JPG", minutes: 4),
      asset("Trips/IMG_0005.MOV", minutes: 5, .video, duration: 3725),
      asset("IMG_0006.JPG", minutes: 6, hidden: true),
    ]
  }()

  static var quiet: InfoPlist {
    var plist = InfoPlist.builtIn
    plist.preventAutomaticLimitedAccessAlert = true
    return plist
  }

  static func harness(
    _ authorization: AuthorizationState, filter: MediaFilter? = nil
  ) -> PickerHarness {
    let harness = PickerHarness(
      ios: .iOS17, authorization: authorization, infoPlist: quiet, assetCount: 0,
      configuration: PickerConfiguration(columns: 3, rows: 2, filter: filter))
    harness.library.add(media)
    return harness.launch()
  }

  static let full = AuthorizationState(readWrite: .authorized, requestedLevels: [.readWrite])
  static let limited = AuthorizationState(
    readWrite: .limited, limitedSelection: ["IMG_0002.MOV", "Trips/IMG_0004.JPG", "IMG_0006.JPG"],
    requestedLevels: [.readWrite])
  static let denied = AuthorizationState(readWrite: .denied, requestedLevels: [.readWrite])

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var state: AuthorizationState
    var testDescription: String { name }
  }

  @Test(arguments: [
    Case(name: "full", state: full), Case(name: "limited", state: limited),
    Case(name: "denied", state: denied),
  ])
  func theSwitcherListsWhatTheStatusAllows(_ test: Case) {
    let harness = Self.harness(test.state).send(.albumListToggled)
    assertSnapshot(of: harness.text, as: .lines, named: test.name, testName: "switcher")
  }

  @Test func choosingVideosShowsDurationsAndTheTitle() {
    let harness = Self.harness(Self.full).send(
      .albumListToggled, .albumListFocusMoved(by: 3), .albumChosen(nil))
    #expect(harness.driver.state.album == .smartAlbum(.videos))
    assertSnapshot(of: harness.text, as: .lines, named: "videos")
  }

  @Test func recentsShowsLiveBadgesAndLeavesHiddenOut() {
    let harness = Self.harness(Self.full)
    #expect(!harness.driver.state.assets.contains { $0.isHidden })
    assertSnapshot(of: harness.text, as: .lines, named: "recents")
  }

  @Test func aFilterOffersOnlyItsMedia() {
    let harness = Self.harness(Self.full, filter: .videos)
    #expect(harness.driver.state.assets.map(\.id) == ["IMG_0002.MOV", "Trips/IMG_0005.MOV"])
    assertSnapshot(of: harness.text, as: .lines, named: "filter-videos")
  }

  @Test func anAlbumNoLongerListedFallsBackToRecents() {
    let harness = Self.harness(Self.full).send(
      .albumListToggled, .albumChosen(.album("Trips")))
    #expect(harness.driver.state.assets.map(\.id) == ["Trips/IMG_0004.JPG", "Trips/IMG_0005.MOV"])
    harness.storeFromOutside { $0 = Self.limited }
    harness.send(.photoLibraryDidChange)
    #expect(harness.driver.state.album == .smartAlbum(.userLibrary))
    #expect(harness.driver.state.assets.map(\.id) == ["IMG_0002.MOV", "Trips/IMG_0004.JPG"])
  }
}
