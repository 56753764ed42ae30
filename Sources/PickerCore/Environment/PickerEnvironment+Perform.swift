extension PickerEnvironment {
  /// Performs one effect through the environment's closures and returns the actions its
  /// outcome produces (none for an effect that only tells the host something).
  ///
  /// ``PickerDriver`` calls it at once; a host with an event loop may call it on a worker and
  /// send the actions back when they arrive, so that the loop never waits on the engine.
  public func perform(_ effect: PickerEffect) -> [PickerAction] {
    let client = permissions
    switch effect {
    case .requestAuthorization(let level):
      switch client.requestAuthorization(level) {
      case .prompt(let prompt): return [.promptShown(prompt)]
      case .status(let status): return [.authorizationResolved(status)]
      case .terminated(let notice): return [.appTerminated(notice)]
      }
    case .answerPrompt(let prompt, let answer):
      switch client.answerPrompt(prompt, answer) {
      case .status(let status): return [.authorizationResolved(status)]
      case .limitedPicker(let contents): return [.limitedPickerPresented(contents)]
      }
    case .readLibrary:
      return [.libraryRead(client.readLibrary())]
    case .loadThumbnails(let ids):
      loadThumbnails(ids)
      return []
    case .presentLimitedPicker:
      return client.presentLimitedPicker().map { [.limitedPickerPresented($0)] } ?? []
    case .finishLimitedPicker(let selection):
      return [.limitedPickerClosed(handlerStatus: client.finishLimitedPicker(selection))]
    case .openSettings:
      return [.settingsOpened(client.settings())]
    case .applySettingsChoice(let option):
      if let termination = client.applySettingsChoice(option) {
        return [.appTerminated(termination)]
      }
      return [.settingsOpened(client.settings())]
    case .relaunch:
      return [.launched(client.launch())]
    case .finishPicking(let result):
      deliver(result)
      return []
    }
  }
}
