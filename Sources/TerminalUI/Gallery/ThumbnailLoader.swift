import Foundation
import ImageDecoding
import PhotoLibrary

/// Loads thumbnails in the background and posts them as events, so that input never waits
/// on decoding. Plays the part of `PHCachingImageManager`.
///
/// Pictures come from an ``ImagePipeline`` (the process's one cache of decoded pictures,
/// shared with `show` and PhotoKitCompat): thumbnails from its memory, else from the
/// freedesktop.org cache below it (256 px `large` folder), made and stored when missing; the
/// full-screen preview from any picture of the file it holds that is large enough, else
/// decoded for the preview's pixels. The newest request goes first (it is what is on screen
/// now), on two worker threads.
///
/// Sendable by hand (`@unchecked`): the queues and worker counts are touched only under `lock`.
public final class ThumbnailLoader: @unchecked Sendable {
  /// Where the pictures come from.
  public let pipeline: ImagePipeline
  private let size: ThumbnailSize
  private let post: @Sendable (GalleryEvent) -> Void
  private let lock = NSLock()
  private var pending: [(id: String, url: URL)] = []
  private var queued: Set<String> = []
  private var workers = 0
  private let maxWorkers: Int
  /// The preview picture to decode next, and whether its thread runs.
  private var nextPreview: (id: String, url: URL, longSide: Int)?
  private var previewWorker = false

  public init(
    pipeline: ImagePipeline, size: ThumbnailSize = .large, workers: Int = 2,
    post: @escaping @Sendable (GalleryEvent) -> Void
  ) {
    self.pipeline = pipeline
    self.size = size
    self.maxWorkers = max(1, workers)
    self.post = post
  }

  /// A loader over a pipeline of its own above `cache`.
  public convenience init(
    cache: ThumbnailCache, size: ThumbnailSize = .large, workers: Int = 2,
    post: @escaping @Sendable (GalleryEvent) -> Void
  ) {
    self.init(
      pipeline: ImagePipeline(thumbnailCache: cache), size: size, workers: workers, post: post)
  }

  /// Queues `items` ahead of older requests (ids already waiting or loading are not queued
  /// again).
  public func load(_ items: [(id: String, url: URL)]) {
    let start = lock.withLock { () -> Int in
      let fresh = items.filter { queued.insert($0.id).inserted }
      pending.insert(contentsOf: fresh, at: 0)
      let start = min(maxWorkers - workers, pending.count)
      workers += max(0, start)
      return max(0, start)
    }
    for _ in 0..<start {
      Thread.detachNewThread { [self] in work() }
    }
  }

  /// Gets the full-screen preview's picture for `longSide` pixels (shrinking on load when it
  /// is decoded) on a thread of its own, and posts it. One decodes at a time: a request made meanwhile replaces
  /// any other still waiting (moving through photos decodes the last one, not every one).
  public func loadPreview(id: String, url: URL, longSide: Int) {
    let start = lock.withLock { () -> Bool in
      nextPreview = (id, url, longSide)
      defer { previewWorker = true }
      return !previewWorker
    }
    guard start else { return }
    Thread.detachNewThread { [self] in
      while let request = lock.withLock({ () -> (id: String, url: URL, longSide: Int)? in
        defer { nextPreview = nil }
        if nextPreview == nil { previewWorker = false }
        return nextPreview
      }) {
        let image = try? pipeline.image(fileAt: request.url.path, atLeast: request.longSide)
        post(.previewLoaded(id: request.id, longSide: request.longSide, image: image))
      }
    }
  }

  private func work() {
    while let item = next() {
      do {
        post(.thumbnailLoaded(id: item.id, image: try image(of: item.url)))
      } catch {
        post(.thumbnailFailed(id: item.id, reason: (error as? DecodeError)?.reason ?? "\(error)"))
      }
      // Done: a later request (the file changed) loads it again.
      _ = lock.withLock { queued.remove(item.id) }
    }
  }

  private func next() -> (id: String, url: URL)? {
    lock.withLock {
      guard !pending.isEmpty else {
        workers -= 1
        return nil
      }
      return pending.removeFirst()
    }
  }

  private func image(of url: URL) throws -> PixelImage {
    try pipeline.thumbnail(fileAt: url.path, size: size)
  }
}
