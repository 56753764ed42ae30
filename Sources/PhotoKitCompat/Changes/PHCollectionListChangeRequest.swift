import Foundation
import PhotoLibrary

/// Creating, renaming, filling and deleting folders. Mirrors `PHCollectionListChangeRequest`.
///
/// A folder here is a subfolder of the library holding albums, and the library's folders are
/// not changed through PhotoKit: a change that makes or uses such a request fails as a whole
/// with `PHPhotosError.changeNotSupported` naming the request (make folders in the library
/// folder itself). Requests can only be made inside a `performChanges` block, as on iOS.
public final class PHCollectionListChangeRequest: PHChangeRequest, @unchecked Sendable {
  /// The folder's title (the existing one's, or the title it was created with).
  public var title: String
  /// A placeholder for the folder a creation request makes.
  public let placeholderForCreatedCollectionList: PHObjectPlaceholder

  private init?(title: String, describing request: String) {
    guard let transaction = ChangeTransaction.joining(request) else { return nil }
    self.title = title
    placeholderForCreatedCollectionList = PHObjectPlaceholder(
      localIdentifier: "placeholder-\(UUID().uuidString)/L0/020")
    super.init()
    transaction.problems.append(.folderChange(request: request))
  }

  /// A request to create a folder titled `title`. Mirrors
  /// `creationRequestForCollectionList(withTitle:)`.
  public class func creationRequestForCollectionList(withTitle title: String)
    -> PHCollectionListChangeRequest
  {
    PHCollectionListChangeRequest(
      title: title, describing: "creationRequestForCollectionList(withTitle:)")
      ?? PHCollectionListChangeRequest(detachedTitle: title)
  }

  /// A request to change `collectionList`. Mirrors `init(for:)`.
  public convenience init?(for collectionList: PHCollectionList) {
    self.init(
      title: collectionList.localizedTitle ?? "", describing: "PHCollectionListChangeRequest(for:)")
  }

  /// A request to change `collectionList` whose children are `childCollections`. Mirrors
  /// `init(for:childCollections:)`.
  public convenience init?(
    for collectionList: PHCollectionList, childCollections: PHFetchResult<PHCollection>
  ) {
    self.init(for: collectionList)
  }

  /// A request to change the top level of the user's albums and folders. Mirrors
  /// `init(forTopLevelCollectionListUserCollections:)`.
  public convenience init?(
    forTopLevelCollectionListUserCollections childCollections: PHFetchResult<PHCollection>?
  ) {
    self.init(
      title: "",
      describing: "PHCollectionListChangeRequest(forTopLevelCollectionListUserCollections:)")
  }

  /// A request made outside a change block (reported to the device): it changes nothing.
  private init(detachedTitle: String) {
    title = detachedTitle
    placeholderForCreatedCollectionList = PHObjectPlaceholder(
      localIdentifier: "placeholder-\(UUID().uuidString)/L0/020")
    super.init()
  }

  // The edits of the folder's children; the change fails anyway (see the type's comment).

  public func addChildCollections(_ collections: any NSFastEnumeration) {}
  public func insertChildCollections(_ collections: any NSFastEnumeration, at indexes: IndexSet) {}
  public func removeChildCollections(_ collections: any NSFastEnumeration) {}
  public func removeChildCollections(at indexes: IndexSet) {}
  public func replaceChildCollections(
    at indexes: IndexSet, withChildCollections collections: any NSFastEnumeration
  ) {}
  public func moveChildCollections(at indexes: IndexSet, to toIndex: Int) {}

  /// Deletes folders (their albums stay, as on iOS): the change fails with
  /// `changeNotSupported` (see the type's comment). Mirrors `deleteCollectionLists(_:)`.
  public class func deleteCollectionLists(_ collectionLists: any NSFastEnumeration) {
    ChangeTransaction.joining("deleteCollectionLists(_:)")?.problems.append(
      .folderChange(request: "deleteCollectionLists(_:)"))
  }
}
