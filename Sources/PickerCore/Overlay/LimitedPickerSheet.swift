/// The limited-library picker (`PHPhotoLibrary.presentLimitedLibraryPicker(from:)`): every
/// photo in the library, the current selection checked, Done and Cancel.
///
/// Toggling changes only this sheet; Done replaces the app's selection with the checked ids
/// (an empty selection is allowed) and Cancel keeps the old one
/// (docs/permission-model.md#limited-access).
public struct LimitedPickerSheet: Sendable, Equatable, Codable {
  /// Every asset id in the library, in library order.
  public var all: [String]
  /// The checked ids.
  public var checked: Set<String>
  /// The window over `all`, with the cursor.
  public var window: GridWindow

  public init(all: [String], checked: Set<String>, columns: Int = 4, rows: Int = 3) {
    self.all = all
    self.checked = checked.intersection(all)
    self.window = GridWindow(columns: columns, rows: rows, count: all.count)
  }

  /// The checked ids in library order.
  public var checkedInOrder: [String] { all.filter(checked.contains) }

  /// Checks or unchecks `id`.
  public mutating func toggle(_ id: String) {
    guard all.contains(id) else { return }
    if checked.remove(id) == nil { checked.insert(id) }
  }
}
