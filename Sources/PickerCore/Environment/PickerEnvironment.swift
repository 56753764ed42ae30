/// Everything the picker's effects need from outside: the permission model, a thumbnail
/// loader, and the host app that receives the result.
public struct PickerEnvironment {
  /// The permission model and the library.
  public var permissions: PermissionClient
  /// Shows the thumbnails of these ids, the ones on screen now, loading those the host does
  /// not hold (the test value does nothing). The picker's state never tracks them.
  public var loadThumbnails: ([String]) -> Void
  /// Receives what the picker hands to the host app.
  public var deliver: (PickResult) -> Void

  public init(
    permissions: PermissionClient,
    loadThumbnails: @escaping ([String]) -> Void = { _ in },
    deliver: @escaping (PickResult) -> Void = { _ in }
  ) {
    self.permissions = permissions
    self.loadThumbnails = loadThumbnails
    self.deliver = deliver
  }
}
