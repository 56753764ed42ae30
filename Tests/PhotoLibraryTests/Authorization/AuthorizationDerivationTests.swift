import Foundation
import PhotoLibrary
import Testing

/// docs/permission-model.md#derived-statuses: every row of the derivation table comes out of the
/// stored state.
@Suite struct AuthorizationDerivationTests {
  /// One row: the stored state, then Settings shows, legacy, addOnly, readWrite, and whether
  /// request(addOnly) / request(readWrite) prompt.
  struct Row: Sendable, CustomTestStringConvertible {
    var state: AuthorizationState
    var settings: SettingsOption?
    var legacy: AuthorizationStatus
    var addOnly: AuthorizationStatus
    var readWrite: AuthorizationStatus
    var addOnlyPrompts: Bool
    var readWritePrompts: Bool
    var testDescription: String {
      state.isRestricted ? "restricted" : "\(state.readWrite) / \(state.addOnly)"
    }
  }

  static func state(
    _ p: ReadWriteDecision, _ a: AddOnlyDecision, restricted: Bool = false
  ) -> AuthorizationState {
    var levels: Set<AccessLevel> = []
    if p != .unset { levels.insert(.readWrite) }
    if a != .unset { levels.insert(.addOnly) }
    return AuthorizationState(
      readWrite: p, addOnly: a, isRestricted: restricted, requestedLevels: levels)
  }

  static let rows: [Row] = {
    var rows = [
      Row(
        state: state(.unset, .unset), settings: nil, legacy: .notDetermined,
        addOnly: .notDetermined, readWrite: .notDetermined, addOnlyPrompts: true,
        readWritePrompts: true),
      Row(
        state: state(.unset, .authorized), settings: .addPhotosOnly, legacy: .notDetermined,
        addOnly: .authorized, readWrite: .notDetermined, addOnlyPrompts: false,
        readWritePrompts: true),
      Row(
        state: state(.unset, .denied), settings: SettingsOption.none, legacy: .notDetermined,
        addOnly: .denied, readWrite: .notDetermined, addOnlyPrompts: false,
        readWritePrompts: true),
      Row(
        state: state(.denied, .unset), settings: SettingsOption.none, legacy: .denied,
        addOnly: .notDetermined, readWrite: .denied, addOnlyPrompts: true,
        readWritePrompts: false),
      Row(
        state: state(.denied, .authorized), settings: .addPhotosOnly, legacy: .denied,
        addOnly: .authorized, readWrite: .denied, addOnlyPrompts: false,
        readWritePrompts: false),
      Row(
        state: state(.denied, .denied), settings: SettingsOption.none, legacy: .denied,
        addOnly: .denied, readWrite: .denied, addOnlyPrompts: false, readWritePrompts: false),
    ]
    // "limited / any" and "authorized / any".
    for a in AddOnlyDecision.allCases {
      rows.append(
        Row(
          state: state(.limited, a), settings: .selectedPhotos, legacy: .authorized,
          addOnly: .limited, readWrite: .limited, addOnlyPrompts: false,
          readWritePrompts: false))
      rows.append(
        Row(
          state: state(.authorized, a), settings: .allPhotos, legacy: .authorized,
          addOnly: .authorized, readWrite: .authorized, addOnlyPrompts: false,
          readWritePrompts: false))
    }
    // "restricted", whatever is stored underneath.
    for p in ReadWriteDecision.allCases {
      for a in AddOnlyDecision.allCases {
        rows.append(
          Row(
            state: state(p, a, restricted: true), settings: nil, legacy: .restricted,
            addOnly: .restricted, readWrite: .restricted, addOnlyPrompts: false,
            readWritePrompts: false))
      }
    }
    return rows
  }()

  @Test(arguments: rows)
  func statusesComeFromTheStoredState(row: Row) {
    #expect(row.state.legacyStatus == row.legacy)
    #expect(row.state.status(for: .addOnly) == row.addOnly)
    #expect(row.state.status(for: .readWrite) == row.readWrite)
  }

  @Test(arguments: rows)
  func promptsOnlyWhenThatLevelIsNotDetermined(row: Row) {
    let context = RequestContext(ios: .iOS14)
    #expect(row.state.wouldPrompt(.addOnly, context: context) == row.addOnlyPrompts)
    #expect(row.state.wouldPrompt(.readWrite, context: context) == row.readWritePrompts)
  }

  @Test(arguments: rows)
  func settingsShowsTheTableValue(row: Row) {
    let settingsRow = row.state.settingsRow(ios: .iOS14)
    if row.state.isRestricted {
      #expect(settingsRow?.isEditable == false)
    } else {
      #expect(settingsRow?.value == row.settings)
      #expect(settingsRow?.isEditable ?? true)
    }
  }

  @Test func addOnlyReportsLimitedWhenReadWriteIsLimited() {
    let state = AuthorizationState(readWrite: .limited, addOnly: .denied)
    #expect(state.status(for: .addOnly) == .limited)
  }

  @Test func legacyReportsLimitedAsAuthorized() {
    #expect(AuthorizationState(readWrite: .limited).legacyStatus == .authorized)
  }

  @Test func stateRoundTripsThroughJSONWithSortedSets() throws {
    let state = AuthorizationState(
      readWrite: .limited, addOnly: .authorized, isRestricted: true,
      limitedSelection: ["b.jpg", "a.jpg"], requestedLevels: [.readWrite, .addOnly],
      createdAssetIDs: ["c.jpg"])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(state)
    #expect(String(decoding: data, as: UTF8.self).contains("[\"a.jpg\",\"b.jpg\"]"))
    #expect(try JSONDecoder().decode(AuthorizationState.self, from: data) == state)
  }
}
