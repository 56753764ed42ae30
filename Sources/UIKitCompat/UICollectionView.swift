import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UICollectionView` that keeps what UIKit keeps (the item counts it
  /// last read from its data source) and checks every update against them as UIKit does, so
  /// that change handling written for iOS fails on Linux where it would crash on a device.
  ///
  /// Counts are read from the data source at the first layout pass (`layoutIfNeeded()`, as a
  /// view on screen is laid out) or use, and again after `reloadData()`.
  /// `performBatchUpdates(_:completion:)` reads them before the updates if unknown (UIKit's
  /// behaviour, and the reason a data source updated before a first batch crashes), runs the
  /// updates, reads them after, and validates the batch (``BatchUpdate``). A lone
  /// `insertItems(at:)` (or delete, reload, move) outside a batch is a batch of its own.
  ///
  /// An invalid update is handed to ``inconsistencyHandler``; without one the process stops
  /// with UIKit's message, as the app would terminate. Cells are not laid out or drawn.
  open class UICollectionView: UIView, @unchecked Sendable {
    open weak var dataSource: (any UICollectionViewDataSource)?
    public let collectionViewLayout: UICollectionViewLayout
    /// Called with each update UIKit would reject; nil terminates, as UIKit does. A test sets
    /// it to record the message (see PhotoKitCompatTesting's `BatchUpdateChecker`).
    public var inconsistencyHandler: ((UIKitInconsistency) -> Void)? {
      get { state.handler }
      set { state.handler = newValue }
    }
    private let state = BatchUpdateState(.collectionView)
    private var registered: [String: UICollectionViewCell.Type] = [:]

    /// Mirrors `init(frame:collectionViewLayout:)`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
      collectionViewLayout = layout
      super.init(frame: frame)
      state.read = { [weak self] in self?.dataSourceCounts() ?? [] }
    }

    public required init?(coder: NSCoder) {
      collectionViewLayout = UICollectionViewFlowLayout()
      super.init(coder: coder)
      state.read = { [weak self] in self?.dataSourceCounts() ?? [] }
    }

    /// The counts the data source gives now, per section.
    private func dataSourceCounts() -> [Int] {
      guard let dataSource else { return [] }
      let sections = dataSource.numberOfSections(in: self)
      return (0..<max(0, sections)).map {
        dataSource.collectionView(self, numberOfItemsInSection: $0)
      }
    }

    open var numberOfSections: Int { state.shown.count }

    /// The number of items the view shows in `section` (0 outside).
    open func numberOfItems(inSection section: Int) -> Int { state.count(inSection: section) }

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

    /// Runs `updates` as one batch update and checks it (see the type's description).
    open func performBatchUpdates(
      _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
      state.run(updates, completion: completion)
    }

    open func insertItems(at indexPaths: [IndexPath]) { record(.insertItems(indexPaths)) }
    open func deleteItems(at indexPaths: [IndexPath]) { record(.deleteItems(indexPaths)) }
    open func reloadItems(at indexPaths: [IndexPath]) { record(.reloadItems(indexPaths)) }

    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      record(.moveItem(indexPath, newIndexPath))
    }

    open func insertSections(_ sections: IndexSet) { record(.insertSections(sections)) }
    open func deleteSections(_ sections: IndexSet) { record(.deleteSections(sections)) }
    open func reloadSections(_ sections: IndexSet) { record(.reloadSections(sections)) }

    open func moveSection(_ section: Int, toSection newSection: Int) {
      record(.moveSection(section, newSection))
    }

    private func record(_ operation: BatchUpdate.Operation) {
      state.record(operation)
    }

    /// Mirrors `register(_:forCellWithReuseIdentifier:)`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
      registered[identifier] = cellClass as? UICollectionViewCell.Type
    }

    /// A new cell of the class registered under `identifier` (a plain cell when none was).
    open func dequeueReusableCell(
      withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionViewCell {
      let cell = (registered[identifier] ?? UICollectionViewCell.self).init(frame: .zero)
      cell.reuseIdentifier = identifier
      return cell
    }
  }
#endif
