/// The picker view-model of the sample picker: `State`, `Action`, a pure reducer and effects as
/// data, with a deterministic text rendering of the screen.
///
/// - `PickerState`, `PickerAction`, `PickerEffect`, `PickerReducer.reduce(into:action:)`: the
///   TCA-style core; no I/O.
/// - `Overlay`: prompts, alerts, sheets, the limited picker, Settings and the termination
///   notice, as values with selectable buttons.
/// - `GridWindow`, `PickingSelection`: the visible window and the ordered, limited picks.
/// - `PickerScreen`: what the screen shows, as text (`.text`) and JSON (`.json()`).
/// - `PermissionClient`, `PickerEnvironment`, `PickerDriver`: the dependency as closures and
///   the loop that performs effects; `PermissionClient.live(_:)` backs the client with
///   `PhotoLibrarySession`, the one permission engine (over memory stores in tests).
public enum PickerCore {}
