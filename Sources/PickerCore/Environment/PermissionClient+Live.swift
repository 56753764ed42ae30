import PhotoLibrary

extension PermissionClient {
  /// The client over a `PhotoLibrarySession`: the one permission engine, over the live store
  /// and folder or over `MemoryAuthorizationStore` and `MemoryLibraryBackend` in tests.
  ///
  /// Every step is the session's (`beginRequest`, `answer(_:with:)`, `finishLimitedPicker`,
  /// `takeAutomaticAlert`, `chooseInSettings`), applied under the store's lock, so the picker
  /// never keeps a copy of the state that could overwrite a change made elsewhere. A failing
  /// store is reported to `onError` and the call answers as if nothing were stored there.
  public static func live(
    _ session: PhotoLibrarySession, onError: @escaping (any Error) -> Void = { _ in }
  ) -> PermissionClient {
    live({ session }, onError: onError)
  }

  /// The client over whichever session `current` returns at each call (a runtime that
  /// replaces its session, for another iOS version say).
  public static func live(
    _ current: @escaping () -> PhotoLibrarySession,
    onError: @escaping (any Error) -> Void = { _ in }
  ) -> PermissionClient {
    func attempt<T>(_ fallback: T, _ body: () throws -> T) -> T {
      do {
        return try body()
      } catch PhotoLibraryError.terminated {
        return fallback
      } catch {
        onError(error)
        return fallback
      }
    }
    func pickerContents(_ session: PhotoLibrarySession, _ selection: Set<String>)
      -> LimitedPickerContents
    {
      let all = attempt([]) { try session.backend.allAssets().map(\.id) }
      return LimitedPickerContents(all: all, selected: selection)
    }
    return PermissionClient(
      launch: {
        let session = current()
        session.relaunch()
        return LaunchInfo(
          appName: session.infoPlist.appName(bundleID: session.bundleID), ios: session.ios)
      },
      requestAuthorization: { request in
        let session = current()
        return attempt(.status(.notDetermined)) {
          switch try session.beginRequest(request) {
          case .terminated(let termination): return .terminated(termination)
          case .completed(let status): return .status(status)
          case .prompt(let prompt): return .prompt(prompt)
          case .limitedPicker(_, let prompt): return .prompt(prompt)
          }
        }
      },
      answerPrompt: { prompt, answer in
        let session = current()
        return attempt(.status(.notDetermined)) {
          switch try session.answer(prompt, with: answer) {
          case .limitedPicker(let picker, _):
            return .limitedPicker(pickerContents(session, picker.selection))
          case .completed(let status): return .status(status)
          case .prompt, .terminated:
            return .status(try session.state().reportedStatus(for: prompt))
          }
        }
      },
      readLibrary: {
        let session = current()
        return attempt(LibraryContents(status: .notDetermined, assets: [])) {
          let state = try session.state()
          let status =
            session.ios.hasAccessLevels ? state.status(for: .readWrite) : state.legacyStatus
          let alert = try session.takeAutomaticAlert()
          // The iCloud state only decorates the grid: unreadable, it is reported and the grid
          // shows no clouds.
          return LibraryContents(
            status: status, assets: try session.fetchAssets(), automaticAlert: alert,
            offloaded: attempt([]) { try session.cloudState().offloaded })
        }
      },
      presentLimitedPicker: {
        let session = current()
        return attempt(nil) {
          try session.limitedPickerSession().map {
            pickerContents(session, $0.selection)
          }
        }
      },
      finishLimitedPicker: { selection in
        let outcome: LimitedPickerOutcome = selection.map { .done(Set($0)) } ?? .cancelled
        return attempt(nil) { try current().finishLimitedPicker(outcome).handlerStatus }
      },
      settings: { attempt(nil) { try current().settingsRow() } },
      applySettingsChoice: { option in
        do {
          try current().chooseInSettings(option)
          return nil
        } catch PhotoLibraryError.terminated(let termination) {
          return termination
        } catch {
          onError(error)
          return nil
        }
      })
  }
}

extension PermissionClient {
  /// The client over a simulated device: its session at each call (a new one after the iOS
  /// version changed), store errors going to the device's notice (`takeError()`).
  public static func live(_ device: SimulatedPhone) -> PermissionClient {
    live({ [unowned device] in device.session }, onError: { [weak device] in device?.report($0) })
  }
}
