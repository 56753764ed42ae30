import Foundation

/// The refreshed listing that ``PhotoLibrarySession/withOneLook(_:)`` keeps for the thread it
/// runs on (its SQLite statements are used on that thread only).
final class OneLook: @unchecked Sendable {
  let thread: pthread_t
  /// Set by the first refresh on `thread`; read and written on that thread only.
  var listing: IndexedListing?
  /// Set (under the session's `oneLook` lock) when the launch changes the library's files:
  /// the next lookup refreshes again.
  var isOutOfDate = false

  init(thread: pthread_t) { self.thread = thread }
}
