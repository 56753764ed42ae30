import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UITableViewCell`: a view with its style and reuse identifier.
  open class UITableViewCell: UIView, @unchecked Sendable {
    /// Mirrors `UITableViewCell.CellStyle`.
    public enum CellStyle: Int, Sendable {
      case `default`, value1, value2, subtitle
    }

    public let style: CellStyle
    /// The identifier it was made or registered with.
    public internal(set) var reuseIdentifier: String?

    /// Mirrors `init(style:reuseIdentifier:)`.
    public required init(style: CellStyle, reuseIdentifier: String?) {
      self.style = style
      self.reuseIdentifier = reuseIdentifier
      super.init(frame: .zero)
    }

    public required init?(coder: NSCoder) {
      style = .default
      super.init(coder: coder)
    }

    /// Called before the cell is handed out again.
    open func prepareForReuse() {}
  }

  /// A stand-in for UIKit's `UITableViewDataSource`: the counts a table view reads (and
  /// checks updates against) and its cells.
  public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    /// Optional in UIKit: one section unless implemented.
    func numberOfSections(in tableView: UITableView) -> Int
  }

  extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  }
#endif
