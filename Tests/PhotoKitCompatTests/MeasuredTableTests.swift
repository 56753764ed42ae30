import Foundation
import PhotoKitCompat
import Testing

@testable import PublishedExamples

extension PhotoKitCompatTests {
  /// The measured tables, through PhotoKit's API and the save-flow article's checker: every row of
  /// docs/permission-model.md#derived-statuses and the measured scenarios on iOS 13 and 14.
  @Suite struct MeasuredTables {
    /// One row of the derivation table: a stored state and what every API reports for it.
    struct Row: Sendable, CustomTestStringConvertible {
      var readWrite: PHAuthorizationStatus
      var addOnly: PHAuthorizationStatus
      var legacy: PHAuthorizationStatus
      var addOnlyStatus: PHAuthorizationStatus
      var readWriteStatus: PHAuthorizationStatus
      var addOnlyPrompts: Bool
      var readWritePrompts: Bool
      var testDescription: String { "\(readWrite) / \(addOnly)" }
    }

    static let section3: [Row] = [
      Row(
        readWrite: .notDetermined, addOnly: .notDetermined, legacy: .notDetermined,
        addOnlyStatus: .notDetermined, readWriteStatus: .notDetermined, addOnlyPrompts: true,
        readWritePrompts: true),
      Row(
        readWrite: .notDetermined, addOnly: .authorized, legacy: .notDetermined,
        addOnlyStatus: .authorized, readWriteStatus: .notDetermined, addOnlyPrompts: false,
        readWritePrompts: true),
      Row(
        readWrite: .notDetermined, addOnly: .denied, legacy: .notDetermined,
        addOnlyStatus: .denied, readWriteStatus: .notDetermined, addOnlyPrompts: false,
        readWritePrompts: true),
      Row(
        readWrite: .limited, addOnly: .notDetermined, legacy: .authorized, addOnlyStatus: .limited,
        readWriteStatus: .limited, addOnlyPrompts: false, readWritePrompts: false),
      Row(
        readWrite: .limited, addOnly: .denied, legacy: .authorized, addOnlyStatus: .limited,
        readWriteStatus: .limited, addOnlyPrompts: false, readWritePrompts: false),
      Row(
        readWrite: .authorized, addOnly: .notDetermined, legacy: .authorized,
        addOnlyStatus: .authorized, readWriteStatus: .authorized, addOnlyPrompts: false,
        readWritePrompts: false),
      Row(
        readWrite: .authorized, addOnly: .denied, legacy: .authorized,
        addOnlyStatus: .authorized, readWriteStatus: .authorized, addOnlyPrompts: false,
        readWritePrompts: false),
      Row(
        readWrite: .denied, addOnly: .notDetermined, legacy: .denied,
        addOnlyStatus: .notDetermined, readWriteStatus: .denied, addOnlyPrompts: true,
        readWritePrompts: false),
      Row(
        readWrite: .denied, addOnly: .authorized, legacy: .denied, addOnlyStatus: .authorized,
        readWriteStatus: .denied, addOnlyPrompts: false, readWritePrompts: false),
      Row(
        readWrite: .denied, addOnly: .denied, legacy: .denied, addOnlyStatus: .denied,
        readWriteStatus: .denied, addOnlyPrompts: false, readWritePrompts: false),
      Row(
        readWrite: .restricted, addOnly: .authorized, legacy: .restricted,
        addOnlyStatus: .restricted, readWriteStatus: .restricted, addOnlyPrompts: false,
        readWritePrompts: false),
    ]

    @Test(arguments: section3)
    func statusesOfEveryStoredState(row: Row) throws {
      try PhotoKitCompatTests.install(ios: .iOS14, readWrite: row.readWrite, addOnly: row.addOnly)
      #expect(PHPhotoLibrary.authorizationStatus() == row.legacy)
      #expect(PHPhotoLibrary.authorizationStatus(for: .addOnly) == row.addOnlyStatus)
      #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == row.readWriteStatus)
    }

    /// A request prompts only when its level is not determined; unanswered, nothing changes.
    @Test(arguments: section3, [PHAccessLevel.addOnly, .readWrite])
    func requestsPromptOnlyWhenNotDetermined(row: Row, level: PHAccessLevel) async throws {
      let device = try PhotoKitCompatTests.install(
        ios: .iOS14, readWrite: row.readWrite, addOnly: row.addOnly)
      let status = await PHPhotoLibrary.requestAuthorization(for: level)
      let prompts = level == .addOnly ? row.addOnlyPrompts : row.readWritePrompts
      #expect(device.user.prompts.count == (prompts ? 1 : 0))
      #expect(status == (level == .addOnly ? row.addOnlyStatus : row.readWriteStatus))
    }

    /// The save-flow article's checker from each stored state, with the user's answers to any
    /// prompts.
    @Test(arguments: [
      (
        PHAuthorizationStatus.notDetermined, PHAuthorizationStatus.notDetermined,
        [PhotoKitDevice.Answer.allow], "readWrite", 1
      ),
      (.notDetermined, .notDetermined, [.limited], "addOnly", 1),
      (.notDetermined, .notDetermined, [.deny, .allow], "addOnly", 2),
      (.notDetermined, .notDetermined, [.deny, .deny], "denied", 2),
      (.notDetermined, .authorized, [.deny], "addOnly", 1),
      (.notDetermined, .denied, [.allow], "readWrite", 1),
      (.limited, .notDetermined, [], "addOnly", 0),
      (.authorized, .denied, [], "readWrite", 0),
      (.denied, .notDetermined, [.allow], "addOnly", 1),
      (.denied, .notDetermined, [.deny], "denied", 1),
      (.denied, .authorized, [], "addOnly", 0),
      (.denied, .denied, [], "denied", 0),
      (.restricted, .notDetermined, [], "denied", 0),
    ])
    func checkerDecidesFromEveryState(
      readWrite: PHAuthorizationStatus, addOnly: PHAuthorizationStatus,
      answers: [PhotoKitDevice.Answer], verdict: String, prompts: Int
    ) async throws {
      let device = try PhotoKitCompatTests.install(
        ios: .iOS14, readWrite: readWrite, addOnly: addOnly, answers: answers)
      let result = await withCheckedContinuation { continuation in
        AuthorizationStatusChecker.checkPhotoLibrary { status in
          continuation.resume(returning: "\(status)")
        }
      }
      #expect(result == verdict)
      #expect(device.user.prompts.count == prompts)
    }

    /// Measured on iOS 14.2.1: from a fresh install, requests answered one way or another.
    @Test(arguments: [
      (
        "unconfirmed", [(PHAccessLevel, PhotoKitDevice.Answer)](),
        PHAuthorizationStatus.notDetermined, PHAuthorizationStatus.notDetermined,
        PHAuthorizationStatus.notDetermined, true, true
      ),
      (
        "Add photo only", [(.addOnly, .allow)], .notDetermined, .authorized, .notDetermined, false,
        true
      ),
      ("None (addOnly)", [(.addOnly, .deny)], .notDetermined, .denied, .notDetermined, false, true),
      ("Selected photo", [(.readWrite, .limited)], .authorized, .limited, .limited, false, false),
      ("All photos", [(.readWrite, .allow)], .authorized, .authorized, .authorized, false, false),
      ("None (readWrite)", [(.readWrite, .deny)], .denied, .notDetermined, .denied, true, false),
      (
        "both: Add photo only", [(.addOnly, .allow), (.readWrite, .deny)], .denied, .authorized,
        .denied, false, false
      ),
      (
        "both: None", [(.addOnly, .deny), (.readWrite, .deny)], .denied, .denied, .denied, false,
        false
      ),
    ])
    func measuredIOS14Scenarios(
      name: String, steps: [(PHAccessLevel, PhotoKitDevice.Answer)],
      legacy: PHAuthorizationStatus, addOnly: PHAuthorizationStatus,
      readWrite: PHAuthorizationStatus, addOnlyPrompts: Bool, readWritePrompts: Bool
    ) async throws {
      // Measured on 14.2.1; the statuses are the same on every later release.
      for ios in [PhotoKitDevice.IOS.iOS14, .iOS16, .iOS17, .iOS26] {
        let device = try PhotoKitCompatTests.install(ios: ios, answers: steps.map(\.1))
        for (level, _) in steps {
          _ = await withCheckedContinuation { continuation in
            PHPhotoLibrary.requestAuthorization(for: level) { continuation.resume(returning: $0) }
          }
        }
        #expect(device.user.prompts.count == steps.count, "iOS \(ios)")
        #expect(PHPhotoLibrary.authorizationStatus() == legacy, "iOS \(ios)")
        #expect(PHPhotoLibrary.authorizationStatus(for: .addOnly) == addOnly, "iOS \(ios)")
        #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == readWrite, "iOS \(ios)")
        for (level, prompts) in [
          (PHAccessLevel.addOnly, addOnlyPrompts), (.readWrite, readWritePrompts),
        ] {
          let before = device.user.prompts.count
          _ = await PHPhotoLibrary.requestAuthorization(for: level)
          #expect(device.user.prompts.count - before == (prompts ? 1 : 0), "iOS \(ios) \(level)")
        }
      }
    }

    /// Measured on iOS 13.4.1: one level, through the legacy API.
    @Test(arguments: [
      ("unconfirmed", [PhotoKitDevice.Answer](), PHAuthorizationStatus.notDetermined, true),
      ("reading/writing", [.allow], .authorized, false),
      ("not allowed", [.deny], .denied, false),
    ])
    func measuredIOS13Scenarios(
      name: String, answers: [PhotoKitDevice.Answer], status: PHAuthorizationStatus,
      prompts: Bool
    ) async throws {
      let device = try PhotoKitCompatTests.install(ios: .iOS13, answers: answers)
      if !answers.isEmpty {
        let reported = await withCheckedContinuation { continuation in
          PHPhotoLibrary.requestAuthorization { continuation.resume(returning: $0) }
        }
        #expect(reported == status)
      }
      #expect(PHPhotoLibrary.authorizationStatus() == status)
      let shown = device.user.prompts.count
      device.user.willAnswer(.deny)
      _ = await withCheckedContinuation { continuation in
        PHPhotoLibrary.requestAuthorization { continuation.resume(returning: $0) }
      }
      #expect(device.user.prompts.count - shown == (prompts ? 1 : 0))
    }
  }
}
