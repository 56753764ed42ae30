/// The assets the user has picked for the host app, in the order they were picked, with an
/// optional limit.
///
/// Mirrors `PHPickerConfiguration.selectionLimit` and `.selection = .ordered`: picking an
/// asset appends it, picking it again removes it and the rest keep their order, and once the
/// limit is reached further picks are ignored until one is removed.
public struct PickingSelection: Sendable, Equatable, Codable {
  /// The most assets that can be picked; nil means no limit.
  public var limit: Int?
  /// The picked asset ids, first picked first.
  public private(set) var ids: [String]

  public init(limit: Int? = nil, ids: [String] = []) {
    self.limit = limit.map { max(1, $0) }
    self.ids = []
    for id in ids { toggle(id) }
  }

  /// Whether no more assets can be picked.
  public var isFull: Bool { limit.map { ids.count >= $0 } ?? false }

  /// The 1-based position of `id` in the pick order, or nil when it is not picked.
  public func order(of id: String) -> Int? { ids.firstIndex(of: id).map { $0 + 1 } }

  /// Picks `id`, or unpicks it when it is already picked. Returns false when the pick was
  /// refused because the limit is reached.
  @discardableResult
  public mutating func toggle(_ id: String) -> Bool {
    if let index = ids.firstIndex(of: id) {
      ids.remove(at: index)
      return true
    }
    guard !isFull else { return false }
    ids.append(id)
    return true
  }

  /// Drops the picked ids that are no longer visible (the library or the access changed),
  /// keeping the order of the others.
  public mutating func keepOnly(_ visible: Set<String>) {
    ids.removeAll { !visible.contains($0) }
  }
}

/// What the picker hands back to the host app. Mirrors `PHPickerViewControllerDelegate`'s
/// `picker(_:didFinishPicking:)`: the results in pick order, or none when cancelled.
public enum PickResult: Sendable, Equatable, Codable {
  /// The user tapped Add: the picked ids, in pick order.
  case picked([String])
  /// The user tapped Cancel.
  case cancelled
}
