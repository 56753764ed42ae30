import Dispatch

/// Where the gallery's commands run (bubbletea runs each `Cmd` on a goroutine of its own and
/// sends its `Msg` back to the loop).
public enum GalleryEffects: Sendable {
  /// At once, on the caller's thread: their events are handled before
  /// ``GalleryApp/handle(_:)`` returns (tests, snapshots).
  case inline
  /// On a serial worker, one after another in the order asked (engine calls and store writes
  /// keep their order); their events are posted to the loop.
  case background(GalleryWorker)

  /// Commands on a worker of their own, whose events go to `post`.
  public static func background(post: @escaping @Sendable (GalleryEvent) -> Void)
    -> GalleryEffects
  {
    .background(GalleryWorker(post: post))
  }
}

/// A serial queue running the gallery's commands and posting their events.
public final class GalleryWorker: Sendable {
  private let queue = DispatchQueue(label: "photogate.gallery.commands")
  private let post: @Sendable (GalleryEvent) -> Void

  public init(post: @escaping @Sendable (GalleryEvent) -> Void) {
    self.post = post
  }

  /// Runs `command` after those asked for before it and posts its events as one
  /// ``GalleryEvent/commandFinished(_:)`` (so the loop knows when none is left running).
  func run(_ command: @escaping @Sendable () -> [GalleryEvent]) {
    queue.async { [post] in post(.commandFinished(command())) }
  }
}
