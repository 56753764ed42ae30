/// Everything the picker's effects need from outside: the permission model, a thumbnail
/// loader, and the host app that receives the result.
public struct PickerEnvironment {
  /// The permission model and the library.
  public var permissions: PermissionClient
  /// Starts making thumbnails for these ids; the runtime sends `.thumbnailsLoaded` when
  /// they are ready (the test value does nothing).
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
