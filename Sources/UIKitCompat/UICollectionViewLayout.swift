import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UICollectionViewLayout`: what a collection view is made with. It
  /// places nothing.
  open class UICollectionViewLayout: NSObject, @unchecked Sendable {
    public override init() { super.init() }
  }

  /// A stand-in for UIKit's `UICollectionViewFlowLayout`: the sizes grid code sets.
  open class UICollectionViewFlowLayout: UICollectionViewLayout, @unchecked Sendable {
    open var itemSize = CGSize(width: 50, height: 50)
    open var minimumLineSpacing: CGFloat = 10
    open var minimumInteritemSpacing: CGFloat = 10
  }
#endif
