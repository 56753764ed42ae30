import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UICollectionViewCell`: a view with the reuse identifier it was
  /// dequeued with. Subclasses keep UIKit's initializers.
  open class UICollectionViewCell: UIView, @unchecked Sendable {
    /// The identifier it was registered under.
    public internal(set) var reuseIdentifier: String?

    public required override init(frame: CGRect) { super.init(frame: frame) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Called before the cell is handed out again.
    open func prepareForReuse() {}
  }

  /// A stand-in for UIKit's `UICollectionViewDataSource`: the counts a collection view reads
  /// (and checks batch updates against) and its cells.
  public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
      -> UICollectionViewCell
    /// Optional in UIKit: one section unless implemented.
    func numberOfSections(in collectionView: UICollectionView) -> Int
  }

  extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  }
#endif
