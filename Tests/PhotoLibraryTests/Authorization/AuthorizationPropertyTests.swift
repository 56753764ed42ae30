import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// Property tests: random sequences of requests, answers, Settings changes, privacy changes,
/// selections, restrictions, saves and relaunches, from a seeded generator. After every step the
/// statuses must equal an independent reading of the derived statuses, and nothing may be visible
/// that the
/// reading-and-writing table hides.
@Suite struct AuthorizationPropertyTests {
  static let ids = (0..<8).map { "p\($0).jpg" } + ["Album/a.jpg", "Album/b.jpg"]

  /// The derived statuses, written again from the table, independently of the model's code.
  static func expected(_ s: AuthorizationState) -> (AuthorizationStatus, AuthorizationStatus) {
    if s.isRestricted { return (.restricted, .restricted) }
    let table: [ReadWriteDecision: AuthorizationStatus] = [
      .unset: .notDetermined, .denied: .denied, .authorized: .authorized, .limited: .limited,
    ]
    let addTable: [AddOnlyDecision: AuthorizationStatus] = [
      .unset: .notDetermined, .denied: .denied, .authorized: .authorized,
    ]
    let readWrite = table[s.readWrite]!
    let addOnly = [.authorized, .limited].contains(readWrite) ? readWrite : addTable[s.addOnly]!
    return (readWrite, addOnly)
  }

  struct Run {
    var random: SeededGenerator
    var store: any AuthorizationStateStore = MemoryAuthorizationStore()
    let backend = MemoryLibraryBackend(ids: AuthorizationPropertyTests.ids)
    var ios: IOSVersion
    var plist: InfoPlist

    mutating func session() -> PhotoLibrarySession {
      let answer = random.pick(PromptAnswer.allCases)
      let picks = (0..<random.int(0..<4)).map { _ in random.pick(AuthorizationPropertyTests.ids) }
      return PhotoLibrarySession(
        bundleID: "app", ios: ios, infoPlist: plist, backend: backend, store: store,
        responder: .scripted(
          random.bool() ? answer : nil, pick: picks, cancelPicker: random.bool(),
          alert: random.pick(LimitedAccessAlertChoice.allCases)))
    }
  }

  @Test(arguments: 1...40)
  func derivationAndEnforcementHoldOverRandomSequences(seed: UInt64) throws {
    try check(seed: seed, steps: 60, store: nil)
  }

  /// The same over the real file store (fewer steps: every step reads and writes a file).
  @Test(arguments: 100...104)
  func theSameHoldsOverTheFileStore(seed: UInt64) throws {
    let directory = try TestPaths.makeTemporaryDirectory("perm-property")
    defer { try? FileManager.default.removeItem(at: directory) }
    try check(seed: seed, steps: 30, store: FileAuthorizationStore(directory: directory))
  }

  func check(seed: UInt64, steps: Int, store: (any AuthorizationStateStore)?) throws {
    var random = SeededGenerator(seed: seed)
    let ios = random.pick(IOSVersion.allCases)
    var plist = InfoPlist.builtIn
    if random.int(0..<5) == 0 { plist.addUsageDescription = nil }
    if random.bool() { plist.preventAutomaticLimitedAccessAlert = true }
    var run = Run(random: random, ios: ios, plist: plist)
    if let store { run.store = store }
    for step in 0..<steps {
      let session = run.session()
      let before = try session.state()
      let op = run.random.int(0..<9)
      switch op {
      case 0, 1:
        let request = run.random.pick(AuthorizationRequest.allCases)
        let wouldPrompt = before.wouldPrompt(
          request, context: RequestContext(ios: ios, infoPlist: plist))
        do {
          let report = try session.requestAuthorization(request)
          #expect(report.prompted == wouldPrompt, "seed \(seed) step \(step)")
          let after = try session.state()
          let reported = report.isUpgraded ? .readWrite : request
          let asked = request.isAvailable(on: ios) ? reported : .legacy
          #expect(report.status == after.status(of: asked), "seed \(seed) step \(step)")
          if !report.prompted { #expect(after == before, "no prompt, no change") }
        } catch PhotoLibraryError.promptUnanswered {
          #expect(wouldPrompt)
          #expect(try session.state() == before, "an unanswered prompt stores nothing")
        }
      case 2:
        let option = run.random.pick(SettingsOption.allCases)
        _ = try? session.chooseInSettings(option)
        if before.isRestricted { #expect(try session.state() == before) }
      case 3:
        if ios.hasAccessLevels {
          try session.apply(
            run.random.pick(PrivacyAction.allCases), to: run.random.pick(PrivacyService.allCases))
        }
      case 4:
        try session.setRestricted(run.random.int(0..<4) == 0)
      case 5:
        var picked = Set<String>()
        for _ in 0..<run.random.int(0..<4) { picked.insert(run.random.pick(Self.ids)) }
        let outcome: LimitedPickerOutcome = run.random.bool() ? .done(picked) : .cancelled
        let added = try session.applyLimitedPicker(outcome)
        #expect((added != nil) == (before.status(for: .readWrite) == .limited))
        if added == nil { #expect(try session.state() == before) }
      case 6:
        _ = try? session.save(
          fileAt: URL(fileURLWithPath: "/tmp/s.jpg"), album: run.random.bool() ? "Album" : nil)
      case 7:
        if run.random.int(0..<6) == 0 { try session.resetAll() }
      default:
        _ = try? session.fetchAssets()
      }
      try Self.checkInvariants(session: run.session(), ios: ios, seed: seed, step: step)
    }
  }

  static func checkInvariants(
    session: PhotoLibrarySession, ios: IOSVersion, seed: UInt64, step: Int
  ) throws {
    // The first access may show the automatic alert, whose picker may change the selection.
    try session.beginLibraryAccess()
    let state = try session.state()
    let (readWrite, addOnly) = expected(state)
    let context = "seed \(seed) step \(step) \(state)"
    #expect(state.status(for: .readWrite) == readWrite, "\(context)")
    #expect(state.status(for: .addOnly) == addOnly, "\(context)")
    #expect(state.legacyStatus == (readWrite == .limited ? .authorized : readWrite), "\(context)")
    let all = Set(try session.backend.allAssets().map(\.id))
    let visible = try session.fetchAssets().map(\.id)
    let allowed: Set<String>
    if !ios.hasAccessLevels {
      allowed = readWrite == .authorized || readWrite == .limited ? all : []
    } else {
      switch readWrite {
      case .authorized: allowed = all
      case .limited: allowed = Set(state.limitedSelection.union(state.createdAssetIDs))
      default: allowed = []
      }
    }
    #expect(Set(visible).isSubset(of: allowed), "\(context): visible \(visible)")
    #expect(Set(visible) == allowed.intersection(all), "\(context)")
    #expect(try session.assetCount() == visible.count)
    let albumsAllowed = ios.hasAccessLevels ? readWrite == .authorized : !allowed.isEmpty
    #expect(((try? session.albums()) != nil) == (albumsAllowed && readWrite != .restricted))
    if let row = state.settingsRow(ios: ios) {
      #expect(row.isEditable == !state.isRestricted)
      if let value = row.value { #expect(row.options.contains(value), "\(context)") }
    }
  }
}

/// Draws for the property tests, from the library's seeded generator.
extension SeededGenerator {
  mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &self) }
  mutating func bool() -> Bool { Bool.random(using: &self) }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }
}
