import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

@Suite struct GalleryUpdateTests {
  struct MoveCase: Sendable, CustomStringConvertible {
    var keys: [Key]
    var focus: Int
    var description: String { "\(keys) → \(focus)" }
  }

  /// 12 photos in 5 columns × 3 rows (120 × 40).
  static let moves = [
    MoveCase(keys: [.right], focus: 1),
    MoveCase(keys: [.character("l"), .character("l")], focus: 2),
    MoveCase(keys: [.down], focus: 5),
    MoveCase(keys: [.character("j"), .character("j")], focus: 10),
    MoveCase(keys: [.down, .character("k")], focus: 0),
    MoveCase(keys: [.right, .left], focus: 0),
    MoveCase(keys: [.right, .character("h")], focus: 0),
    MoveCase(keys: [.end], focus: 11),
    MoveCase(keys: [.end, .home], focus: 0),
    MoveCase(keys: [.character("G")], focus: 11),
    MoveCase(keys: [.pageDown], focus: 11),
    MoveCase(keys: [.pageDown, .pageUp], focus: 0),
    MoveCase(keys: [.left, .up], focus: 0),
  ]

  @Test(arguments: moves)
  func movementKeysMoveTheGridFocus(_ move: MoveCase) throws {
    let harness = try GalleryHarness.authorized()
    harness.press(move.keys)
    #expect(harness.model.picker.grid.focus == move.focus)
    #expect(harness.model.exit == nil)
  }

  struct ExitCase: Sendable, CustomStringConvertible {
    var mode: GalleryMode
    var key: Key
    var exit: GalleryExit
    var description: String { "\(mode) \(key)" }
  }

  static let exits = [
    ExitCase(mode: .browse, key: .character("q"), exit: .quit),
    ExitCase(mode: .browse, key: .escape, exit: .quit),
    ExitCase(mode: .browse, key: .interrupt, exit: .interrupted),
    ExitCase(mode: .pick, key: .character("q"), exit: .cancelled),
    ExitCase(mode: .pick, key: .escape, exit: .cancelled),
    ExitCase(mode: .pick, key: .interrupt, exit: .interrupted),
  ]

  @Test(arguments: exits)
  func quitKeysEndTheGallery(_ exitCase: ExitCase) throws {
    let harness = try GalleryHarness.authorized(mode: exitCase.mode)
    harness.press(exitCase.key)
    #expect(harness.model.exit == exitCase.exit)
  }

  struct PanelCase: Sendable, CustomStringConvertible {
    var keys: [Key]
    var panel: GalleryPanel?
    var description: String { "\(keys)" }
  }

  static let panels = [
    PanelCase(keys: [.character("?")], panel: .help),
    PanelCase(keys: [.character("?"), .space], panel: nil),
    PanelCase(keys: [.enter], panel: .preview),
    PanelCase(keys: [.character("v")], panel: .preview),
    PanelCase(keys: [.enter, .escape], panel: nil),
    PanelCase(keys: [.enter, .character("q")], panel: nil),
    PanelCase(keys: [.enter, .enter], panel: nil),
    PanelCase(keys: [.character("s")], panel: .menu(PermissionMenu())),
    PanelCase(keys: [.character("s"), .down, .down], panel: .menu(PermissionMenu(focus: 2))),
    PanelCase(keys: [.character("s"), .up], panel: .menu(PermissionMenu(focus: 12))),
    PanelCase(keys: [.character("s"), .escape], panel: nil),
  ]

  @Test(arguments: panels)
  func panelKeysOpenAndCloseHelpPreviewAndMenu(_ panelCase: PanelCase) throws {
    let harness = try GalleryHarness.authorized()
    harness.press(panelCase.keys)
    #expect(harness.model.panel == panelCase.panel)
    #expect(harness.model.exit == nil)
  }

  @Test func thePreviewStepsThroughPhotosWithLeftAndRight() throws {
    let harness = try GalleryHarness.authorized()
    harness.press(.enter, .right, .right, .left)
    #expect(harness.model.panel == .preview)
    #expect(harness.model.picker.grid.focus == 1)
  }

  struct PromptCase: Sendable, CustomStringConvertible {
    var keys: [Key]
    var status: AuthorizationStatus
    var description: String { "\(keys) → \(status)" }
  }

  static let prompts = [
    PromptCase(keys: [.right, .enter], status: .authorized),
    PromptCase(keys: [.tab, .tab, .enter], status: .denied),
    PromptCase(keys: [.left, .enter], status: .denied),
    PromptCase(keys: [.enter, .space, .enter], status: .limited),
  ]

  @Test(arguments: prompts)
  func answeringTheFirstLaunchPromptWithKeysStoresTheDecision(_ prompt: PromptCase) throws {
    let harness = try GalleryHarness()
    harness.press(prompt.keys)
    #expect(harness.model.picker.status == prompt.status)
    #expect(harness.stored.status(for: .readWrite) == prompt.status)
    #expect(harness.model.picker.overlay == nil)
  }

  @Test func settingsFromTheMenuWhileAPromptIsUpSaysWhyNothingOpens() throws {
    let harness = try GalleryHarness()
    harness.press(.character("s"), .enter)
    #expect(harness.model.picker.overlay?.kind == "systemPrompt")
    #expect(harness.model.notice?.contains("close the dialog first") == true)
  }

  @Test func escapeDoesNotDismissTheSystemPrompt() throws {
    let harness = try GalleryHarness()
    harness.press(.escape)
    guard case .systemPrompt = harness.model.picker.overlay else {
      Issue.record("the prompt was dismissed")
      return
    }
    #expect(harness.model.exit == nil)
  }

  @Test func aSettingsChangeTerminatesAndRelaunchesVisibly() throws {
    let harness = try GalleryHarness.authorized()
    #expect(harness.model.picker.infoLines == ["Status: authorized", "Photos: 12"])
    harness.press(.character("s"), .enter)  // menu → Settings › Photos
    harness.press(.down, .enter)  // Limited Access (after None, first from iOS 17)
    guard case .terminated = harness.model.picker.overlay else {
      Issue.record("no termination notice: \(String(describing: harness.model.picker.overlay))")
      return
    }
    #expect(harness.screen.contains("App terminated"))
    #expect(harness.stored.status(for: .readWrite) == .limited)
    harness.press(.enter)  // Relaunch
    #expect(harness.model.picker.launchCount == 2)
    #expect(harness.model.picker.infoLines == ["Status: limited", "Photos: 0"])
    guard case .limitedAccessAlert = harness.model.picker.overlay else {
      Issue.record("no automatic alert after the relaunch")
      return
    }
  }

  struct MenuCase: Sendable, CustomStringConvertible {
    var item: PermissionMenuItem
    var check: @Sendable (AuthorizationState) -> Bool
    var description: String { "\(item)" }
  }

  static let menuItems = [
    MenuCase(item: .privacy(.revoke, .photos)) { $0.status(for: .readWrite) == .denied },
    MenuCase(item: .privacy(.grant, .photosLimited)) { $0.status(for: .readWrite) == .limited },
    MenuCase(item: .privacy(.reset, .photos)) { $0.status(for: .readWrite) == .notDetermined },
    MenuCase(item: .privacy(.grant, .photosAdd)) { $0.status(for: .addOnly) == .authorized },
    MenuCase(item: .restrict(true)) { $0.isRestricted },
    MenuCase(item: .resetAll) {
      $0.status(for: .readWrite) == .notDetermined && $0.status(for: .addOnly) == .notDetermined
    },
  ]

  @Test(arguments: menuItems)
  func menuOperationsChangeTheStoreAndRelaunch(_ menuCase: MenuCase) throws {
    let harness = try GalleryHarness.authorized()
    let index = try #require(PermissionMenu().items.firstIndex(of: menuCase.item))
    harness.press(.character("s"))
    harness.press([Key](repeating: .down, count: index))
    harness.press(.enter)
    #expect(menuCase.check(harness.stored))
    #expect(harness.model.picker.launchCount == 2)
    #expect(harness.model.panel == nil)
    #expect(harness.model.notice?.contains("relaunched") == true)
  }

  @Test func theIOSVersionListSwitchesTheDeviceAndRelaunches() throws {
    let harness = try GalleryHarness()
    let index = try #require(PermissionMenu().items.firstIndex(of: .iosVersions))
    harness.press(.character("s"))
    harness.press([Key](repeating: .down, count: index))
    harness.press(.enter, .home, .enter)  // iOS 13
    #expect(harness.model.device.ios == .iOS13)
    #expect(harness.model.picker.launch?.ios == .iOS13)
    #expect(harness.screen.contains("[ OK ]"))
  }

  struct ButtonCase: Sendable, CustomStringConvertible {
    var name: String
    var setup: @Sendable (inout AuthorizationState) -> Void
    var keys: [Key]
    var overlayKind: String
    var description: String { name }
  }

  static let buttons = [
    ButtonCase(
      name: "m when limited", setup: { $0.apply(.grant, to: .photosLimited) },
      keys: [.right, .enter, .character("m")], overlayKind: "manageSheet"),
    ButtonCase(
      name: "Tab Enter when limited", setup: { $0.apply(.grant, to: .photosLimited) },
      keys: [.right, .enter, .tab, .enter], overlayKind: "manageSheet"),
    ButtonCase(
      name: "m when denied", setup: { $0.apply(.revoke, to: .photos) },
      keys: [.character("m")], overlayKind: "seeAllPhotosAlert"),
    ButtonCase(
      name: "See All Photos → Open Settings", setup: { $0.apply(.revoke, to: .photos) },
      keys: [.tab, .enter, .right, .enter], overlayKind: "settings"),
  ]

  @Test(arguments: buttons)
  func screenButtonsAreReachedByMOrTab(_ buttonCase: ButtonCase) throws {
    let harness = try GalleryHarness(setup: buttonCase.setup)
    harness.press(buttonCase.keys)
    #expect(harness.model.picker.overlay?.kind == buttonCase.overlayKind)
  }

  @Test func pickingKeepsTheOrderEnforcesTheLimitAndReturnsThePaths() throws {
    let harness = try GalleryHarness.authorized(mode: .pick, limit: 2)
    harness.press(.right, .right, .space, .left, .left, .space, .right, .space)
    #expect(harness.model.picker.picking?.ids == ["photo-03.jpg", "photo-01.jpg"])
    #expect(harness.model.notice == "Limit reached: at most 2 photos can be picked")
    #expect(harness.screen.contains("Limit reached"))
    #expect(harness.screen.contains("Picked: 2 of 2"))
    harness.press(.enter)
    #expect(harness.model.exit == .picked(["/memory/photo-03.jpg", "/memory/photo-01.jpg"]))
  }

  @Test func enterWithNothingPickedPicksTheFocusedPhoto() throws {
    let harness = try GalleryHarness.authorized(mode: .pick)
    harness.press(.down, .enter)
    #expect(harness.model.exit == .picked(["/memory/photo-06.jpg"]))
  }

  @Test func spaceWhileBrowsingSaysPickingNeedsPickModeUntilTheNoticeExpires() throws {
    let harness = try GalleryHarness.authorized()
    harness.press(.space)
    #expect(harness.model.picker.picking == nil)
    #expect(harness.model.notice?.contains("pick mode") == true)
    #expect(harness.screen.contains("pick mode"))
    harness.app.handle(.noticeExpired)
    #expect(harness.model.notice == nil)
    #expect(!harness.screen.contains("pick mode"))
  }

  @Test func aResizeReLaysOutTheGridAndRedrawsTheTiles() throws {
    let harness = try GalleryHarness.authorized()
    harness.app.handle(.thumbnailLoaded(id: "photo-01.jpg", image: GalleryHarness.image((9, 9, 9))))
    #expect(harness.model.tiles["photo-01.jpg"]?.columns == 22)
    harness.press(.end)
    harness.app.handle(.resized(TerminalSize(columns: 80, rows: 24)))
    #expect(harness.model.picker.grid.columns == 3)
    #expect(harness.model.picker.grid.rows == 2)
    #expect(harness.model.picker.grid.focus == 11)
    #expect(harness.model.picker.grid.visibleRange.contains(11))
    #expect(harness.model.tiles["photo-01.jpg"]?.columns == 24)
    #expect(harness.screen.width == 80)
    #expect(harness.screen.contains("photo-12.jpg"))
  }

  @Test func aRewrittenFileDropsItsStaleThumbnailAndLoadsItAgain() throws {
    let harness = try GalleryHarness.authorized()
    harness.app.handle(.thumbnailLoaded(id: "photo-01.jpg", image: GalleryHarness.image((9, 9, 9))))
    let before = harness.requested.ids.filter { $0 == "photo-01.jpg" }.count
    harness.app.handle(.assetsModified(["photo-01.jpg"]))
    #expect(harness.model.images["photo-01.jpg"] == nil)
    #expect(harness.model.tiles["photo-01.jpg"] == nil)
    #expect(harness.requested.ids.filter { $0 == "photo-01.jpg" }.count == before + 1)
  }

  @Test func visibleThumbnailsAreRequestedFirstAndScrollingRequestsTheRest() throws {
    let harness = try GalleryHarness.authorized(size: TerminalSize(columns: 80, rows: 24))
    #expect(harness.requested.ids == Array(GalleryHarness.ids.prefix(6)))
    harness.press(.pageDown)
    #expect(harness.requested.ids.count > 6)
    #expect(Set(harness.requested.ids).count == harness.requested.ids.count)
  }

  @Test func theLimitedPickerChecksWithSpaceAndSavesWithEnter() throws {
    let harness = try GalleryHarness(setup: { $0.apply(.grant, to: .photosLimited) })
    harness.press(.enter)  // Select More Photos…
    harness.press(.space, .right, .right, .space, .enter)
    #expect(harness.stored.limitedSelection == ["photo-01.jpg", "photo-03.jpg"])
    #expect(harness.model.picker.infoLines == ["Status: limited", "Photos: 2"])
  }
}
