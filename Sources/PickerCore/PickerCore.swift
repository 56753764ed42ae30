/// The picker view-model of seeds 002/004: `State`, `Action`, a pure reducer and effects as
/// data, with a deterministic text rendering of the screen. Built in issue 4.
public enum PickerCore {}
