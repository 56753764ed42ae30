import Foundation
import TestSupport
import Testing

/// `photogate request` end to end: prompts per iOS version, answers, exit codes, persistence.
@Suite struct RequestCommandTests {
  @Test func unansweredPromptExitsTwoListingButtonsAndStoresNothing() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run("request", "readWrite", "--ios", "16")
    #expect(result.status == 2)
    #expect(result.stdout.contains("“cli” Would Like to Access Your Photos"))
    #expect(result.stderr.contains("Select Photos… · Allow Access to All Photos · Don’t Allow"))
    #expect(try fixture.status()["readWrite"] as? String == "notDetermined")
  }

  @Test(arguments: [
    ("limited", "limited"), ("Allow Full Access", "authorized"), ("don't allow", "denied"),
  ])
  func answerIsStoredAndReported(answer: String, status: String) throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run("request", "readWrite", "--answer", answer, "--json")
    #expect(result.status == 0)
    let json = try jsonObject(result.stdout)
    #expect(json["prompted"] as? Bool == true)
    #expect(json["status"] as? String == status)
    let prompt = try #require(json["prompt"] as? [String: Any])
    #expect(prompt["title"] as? String == "“cli” would like full access to your Photo Library.")
    #expect(
      prompt["buttons"] as? [String] == ["Limit Access…", "Allow Full Access", "Don’t Allow"])
    #expect(try fixture.status()["readWrite"] as? String == status)
    // A second request shows nothing and reports the same status.
    let again = try jsonObject(try fixture.run("request", "readWrite", "--json").stdout)
    #expect(again["prompted"] as? Bool == false)
    #expect(again["prompt"] is NSNull)
    #expect(again["answer"] is NSNull)
    #expect(again["status"] as? String == status)
  }

  @Test func limitedAnswerTakesThePickerSelection() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run(
      "request", "readWrite", "--answer", "limited", "--select", "Trips/retina-fundus.jpg")
    #expect(result.status == 0)
    #expect(try fixture.status()["selection"] as? [String] == ["Trips/retina-fundus.jpg"])
  }

  @Test func wrongAnswerIsBadUsage() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run("request", "addOnly", "--answer", "limited")
    #expect(result.status == 2)
    #expect(result.stderr.contains("'limited' is not a button"))
  }

  @Test func missingUsageDescriptionTerminatesWithExitThree() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let plist = try fixture.plist(["NSPhotoLibraryUsageDescription": "Read"])
    let result = try fixture.run("request", "addOnly", "--info-plist", plist, "--answer", "all")
    // Upgrade: the read/write prompt appears instead.
    #expect(result.status == 0)
    #expect(result.stdout.contains("add-only request, upgraded"))
    let bare = try fixture.plist([:], name: "Bare.plist")
    let crash = try fixture.run("request", "legacy", "--info-plist", bare)
    #expect(crash.status == 3)
    #expect(
      crash.stderr.contains(
        "This app has crashed because it attempted to access privacy-sensitive data without a "
          + "usage description. The app's Info.plist must contain an "
          + "NSPhotoLibraryUsageDescription key with a string value explaining to the user how "
          + "the app uses this data."))
  }

  @Test func keepAddOnlyAppearsAfterAddOnlyWasGranted() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("request", "addOnly", "--answer", "ok").status == 0)
    let result = try fixture.run("request", "readWrite", "--answer", "keep-add-only", "--json")
    #expect(result.status == 0)
    let json = try jsonObject(result.stdout)
    #expect(json["answer"] as? String == "Keep Add Only")
    #expect(json["status"] as? String == "denied")
    let status = try fixture.status()
    #expect(status["addOnly"] as? String == "authorized")
    #expect(
      status["settingsOptions"] as? [String]
        == ["None", "Add Photos Only", "Limited Access", "Full Access"])
    #expect(status["settingsValue"] as? String == "Add Photos Only")
  }

  @Test func iOS13HasOneLevelAndTwoButtons() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run("request", "legacy", "--ios", "13", "--answer", "OK", "--json")
    let prompt = try #require(try jsonObject(result.stdout)["prompt"] as? [String: Any])
    #expect(prompt["buttons"] as? [String] == ["Don’t Allow", "OK"])
    let status = try fixture.status("--ios", "13")
    #expect(status["legacy"] as? String == "authorized")
    #expect(status["readWrite"] is NSNull)
  }

  @Test func okOnAnUpgradedAddOnlyPromptGrantsNothing() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let plist = try fixture.plist(["NSPhotoLibraryUsageDescription": "Read"])
    let result = try fixture.run(
      "request", "addOnly", "--ios", "14", "--info-plist", plist, "--answer", "ok")
    #expect(result.status == 2)
    #expect(result.stderr.contains("'ok' is not a button of this prompt"))
    // Only the buttons on screen are offered.
    #expect(result.stderr.contains("Allow Access to All Photos"))
    #expect(!result.stderr.contains("OK"))
    #expect(!result.stderr.contains("keep-add-only"))
    #expect(try fixture.status()["readWrite"] as? String == "notDetermined")
    let words = try fixture.run("request", "addOnly", "--ios", "14", "--info-plist", plist)
    #expect(words.stderr.contains("(or limited, allow, deny)"))
  }

  @Test func jsonWithNoAnswerPrintsTheWaitingPromptAndExitsTwo() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let plist = try fixture.plist(["NSPhotoLibraryUsageDescription": "Read them"])
    let result = try fixture.run("request", "addOnly", "--json", "--info-plist", plist)
    #expect(result.status == 2)
    let json = try jsonObject(result.stdout)
    #expect(json["answer"] is NSNull)
    #expect(json["status"] as? String == "notDetermined")
    let prompt = try #require(json["prompt"] as? [String: Any])
    #expect(prompt["message"] as? String == "Read them")
    #expect(
      prompt["buttons"] as? [String] == ["Limit Access…", "Allow Full Access", "Don’t Allow"])
    #expect(prompt["upgraded"] as? Bool == true)
    #expect(prompt["photoCount"] as? String == "4 Photos")
    #expect((prompt["sampleAssetIDs"] as? [String])?.count == 4)
    #expect(try fixture.status()["readWrite"] as? String == "notDetermined")
  }
}
