import Foundation

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif
#if canImport(UIKit)
  import UIKit
#endif

/// A list of photos (one row each) kept in step with the library the table-view way:
/// `beginUpdates()`, delete the removed rows, insert the inserted ones, move the moved ones,
/// `endUpdates()`, then reload the changed rows.
final class PhotoListTableViewController: UIViewController, UITableViewDataSource {
  var fetchResult: PHFetchResult<PHAsset>
  private(set) var tableView: UITableView!

  init(fetchResult: PHFetchResult<PHAsset>) {
    self.fetchResult = fetchResult
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView = UITableView(frame: view.bounds, style: .plain)
    tableView.dataSource = self
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Photo")
    view.addSubview(tableView)
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    fetchResult.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    tableView.dequeueReusableCell(withIdentifier: "Photo", for: indexPath)
  }

  /// Shows `changes` (on the main queue).
  func apply(_ changes: PHFetchResultChangeDetails<PHAsset>) {
    fetchResult = changes.fetchResultAfterChanges
    guard changes.hasIncrementalChanges else {
      tableView.reloadData()
      return
    }
    tableView.beginUpdates()
    if let removed = changes.removedIndexes, !removed.isEmpty {
      tableView.deleteRows(at: removed.map { IndexPath(row: $0, section: 0) }, with: .automatic)
    }
    if let inserted = changes.insertedIndexes, !inserted.isEmpty {
      tableView.insertRows(at: inserted.map { IndexPath(row: $0, section: 0) }, with: .automatic)
    }
    changes.enumerateMoves { fromIndex, toIndex in
      self.tableView.moveRow(
        at: IndexPath(row: fromIndex, section: 0), to: IndexPath(row: toIndex, section: 0))
    }
    tableView.endUpdates()
    if let changed = changes.changedIndexes, !changed.isEmpty {
      tableView.reloadRows(at: changed.map { IndexPath(row: $0, section: 0) }, with: .none)
    }
  }
}

#if !canImport(UIKit)
  extension PhotoListTableViewController: @unchecked Sendable {}
#endif
