import Foundation

/// The rows and items of table and collection views, as UIKit adds them to `IndexPath`
/// (`IndexPath(item:section:)`, `indexPath.item`), so that code turning fetch-result indexes
/// into index paths compiles. Mirrors UIKit's `NSIndexPath` additions.
extension IndexPath {
  /// The index path of `item` in `section` of a collection view.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// The index path of `row` in `section` of a table view.
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// The first index: the section.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The second index: the item of a collection view.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The second index: the row of a table view.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
