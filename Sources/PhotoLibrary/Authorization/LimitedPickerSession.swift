/// The limited-library picker while it is open (docs/permission-model.md#limited-access).
///
/// Mirrors `PHPhotoLibrary.presentLimitedLibraryPicker(from:)`: it opens with the current
/// selection checked, the user toggles assets (an empty selection is allowed), then Done replaces
/// the selection or Cancel keeps the old one.
public struct LimitedPickerSession: Sendable, Equatable {
  /// The selection when the picker opened.
  public let initialSelection: Set<String>
  /// What is checked now.
  public private(set) var selection: Set<String>

  public init(selection: Set<String>) {
    initialSelection = selection
    self.selection = selection
  }

  /// Checks or unchecks `id`.
  public mutating func toggle(_ id: String) {
    if selection.contains(id) { selection.remove(id) } else { selection.insert(id) }
  }

  public mutating func select(_ ids: some Sequence<String>) { selection.formUnion(ids) }
  public mutating func deselect(_ ids: some Sequence<String>) { selection.subtract(ids) }

  /// Done: the checked set replaces the selection.
  public var done: LimitedPickerOutcome { .done(selection) }
  /// Cancel: the selection stays as it was.
  public var cancel: LimitedPickerOutcome { .cancelled }
}

/// How the limited picker closed.
public enum LimitedPickerOutcome: Sendable, Equatable {
  /// Done with this selection (possibly empty).
  case done(Set<String>)
  case cancelled
}
