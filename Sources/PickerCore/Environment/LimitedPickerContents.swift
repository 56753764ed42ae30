/// What the limited-library picker starts with: every asset id of the library, in library
/// order, and the app's current selection.
public struct LimitedPickerContents: Sendable, Equatable {
  public var all: [String]
  public var selected: Set<String>

  public init(all: [String], selected: Set<String>) {
    self.all = all
    self.selected = selected
  }
}
