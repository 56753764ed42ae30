/// A library that keeps favourites and hidden assets (the folder library does, in its
/// ``LibraryAttributesStore``).
public protocol LibraryAttributesBackend: Sendable {
  /// Changes the attributes under the store's lock.
  func updateAttributes<T>(_ body: (inout LibraryAttributes) throws -> T) throws -> T
}
