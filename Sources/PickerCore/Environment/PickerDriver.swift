/// Runs the picker: sends actions to the reducer, performs the effects it returns through the
/// injected `PickerEnvironment`, and feeds their outcomes back as actions, until nothing is
/// left to do.
///
/// It does no I/O of its own: every outside call goes through the environment's closures.
/// Synchronous and single-threaded; actions sent while effects run are queued, so the order
/// is always reducer → effects → their actions, first in first out.
public final class PickerDriver {
  /// The current state.
  public private(set) var state: PickerState
  /// The environment effects are performed with.
  public let environment: PickerEnvironment
  /// Every effect performed so far, in order (useful in tests).
  public private(set) var performedEffects: [PickerEffect] = []

  private var queue: [PickerAction] = []
  private var isRunning = false

  public init(state: PickerState = PickerState(), environment: PickerEnvironment) {
    self.state = state
    self.environment = environment
  }

  /// The screen the current state shows.
  public var screen: PickerScreen { PickerScreen(state) }

  /// Launches the app (the first launch): reads the launch info and sends `.launched`.
  public func launch() {
    send(.launched(environment.permissions.launch()))
  }

  /// Sends `action` and runs every effect that follows from it.
  public func send(_ action: PickerAction) {
    queue.append(action)
    guard !isRunning else { return }
    isRunning = true
    defer { isRunning = false }
    while !queue.isEmpty {
      let next = queue.removeFirst()
      let effects = PickerReducer.reduce(into: &state, action: next)
      for effect in effects {
        performedEffects.append(effect)
        queue += environment.perform(effect)
      }
    }
  }
}
