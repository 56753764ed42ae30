import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UITableView` that checks every update as UIKit does (see
  /// ``UICollectionView``, which it follows with rows for items): counts read from the data
  /// source on first use and after `reloadData()`; `performBatchUpdates(_:completion:)` or
  /// `beginUpdates()` … `endUpdates()` is one batch, validated as it ends (``BatchUpdate``);
  /// a lone `insertRows(at:with:)` outside one is a batch of its own. Animations are accepted
  /// and ignored. An invalid update goes to ``inconsistencyHandler``, or terminates.
  open class UITableView: UIView, @unchecked Sendable {
    /// Mirrors `UITableView.Style`.
    public enum Style: Int, Sendable {
      case plain, grouped, insetGrouped
    }

    /// Mirrors `UITableView.RowAnimation`.
    public enum RowAnimation: Int, Sendable {
      case fade, right, left, top, bottom, none, middle
      case automatic = 100
    }

    public let style: Style
    open weak var dataSource: (any UITableViewDataSource)?
    /// Called with each update UIKit would reject; nil terminates, as UIKit does.
    public var inconsistencyHandler: ((UIKitInconsistency) -> Void)? {
      get { state.handler }
      set { state.handler = newValue }
    }
    private let state = BatchUpdateState(.tableView)
    private var registered: [String: UITableViewCell.Type] = [:]

    /// Mirrors `init(frame:style:)`.
    public init(frame: CGRect, style: Style) {
      self.style = style
      super.init(frame: frame)
      state.read = { [weak self] in self?.dataSourceCounts() ?? [] }
    }

    public required init?(coder: NSCoder) {
      style = .plain
      super.init(coder: coder)
      state.read = { [weak self] in self?.dataSourceCounts() ?? [] }
    }

    private func dataSourceCounts() -> [Int] {
      guard let dataSource else { return [] }
      let sections = dataSource.numberOfSections(in: self)
      return (0..<max(0, sections)).map { dataSource.tableView(self, numberOfRowsInSection: $0) }
    }

    open var numberOfSections: Int { state.shown.count }

    /// The number of rows the table shows in `section` (0 outside).
    open func numberOfRows(inSection section: Int) -> Int { state.count(inSection: section) }

    /// Forgets the counts; they are read again from the data source at the next layout pass
    /// or use.
    open func reloadData() {
      state.reload()
      setNeedsLayout()
    }

    /// The layout pass reads the counts, as UIKit loads its data when it lays the view out.
    open override func layoutSubviews() {
      super.layoutSubviews()
      _ = state.shown
    }

    /// Runs `updates` as one batch update and checks it.
    open func performBatchUpdates(
      _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
      state.run(updates, completion: completion)
    }

    /// Opens a batch that `endUpdates()` closes and checks.
    open func beginUpdates() { state.begin() }

    /// Closes the batch `beginUpdates()` opened and checks it.
    open func endUpdates() { state.end() }

    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
      record(.insertItems(indexPaths))
    }

    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
      record(.deleteItems(indexPaths))
    }

    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
      record(.reloadItems(indexPaths))
    }

    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      record(.moveItem(indexPath, newIndexPath))
    }

    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
      record(.insertSections(sections))
    }

    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
      record(.deleteSections(sections))
    }

    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
      record(.reloadSections(sections))
    }

    open func moveSection(_ section: Int, toSection newSection: Int) {
      record(.moveSection(section, newSection))
    }

    private func record(_ operation: BatchUpdate.Operation) {
      state.record(operation)
    }

    /// Mirrors `register(_:forCellReuseIdentifier:)`.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
      registered[identifier] = cellClass as? UITableViewCell.Type
    }

    /// A new cell of the class registered under `identifier` (a default cell when none was).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
      -> UITableViewCell
    {
      (registered[identifier] ?? UITableViewCell.self).init(
        style: .default, reuseIdentifier: identifier)
    }
  }
#endif
