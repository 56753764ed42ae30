import Foundation

/// One file of a batch (``ThumbnailCache/makeThumbnails(for:size:jobs:force:progress:)``) and
/// what happened to it.
public struct ThumbnailJobResult: Sendable, Equatable {
  public var file: URL
  public var outcome: ThumbnailOutcome

  public init(file: URL, outcome: ThumbnailOutcome) {
    self.file = file
    self.outcome = outcome
  }
}
