import Dispatch
import Foundation
import PhotoLibrary

/// Assets written to standard output in batches on a thread of their own, in the order they
/// were given, while the caller reads the next ones: formatting a listing of a million assets
/// is as much work as reading it from the index, and the two run on two cores.
///
/// At most ``batchesInFlight`` batches wait to be written, so memory stays that of a few
/// thousand assets however long the listing. `format` writes one asset; the first asset of the
/// whole listing is told apart (`isFirst`), for separators.
final class BatchedOutput: @unchecked Sendable {
  /// How many assets a batch holds.
  static let batchSize = 2048
  /// How many batches may wait for the writer before ``add(_:)`` waits.
  static let batchesInFlight = 2

  typealias Format =
    @Sendable (_ asset: Asset, _ isFirst: Bool, _ out: inout BufferedOutput) -> Void

  private let format: Format
  private let queue = DispatchQueue(label: "photogate.output")
  private let slots = DispatchSemaphore(value: batchesInFlight)
  private var batch: [Asset] = []
  /// How many assets were added (read and written on the caller's thread).
  private(set) var count = 0
  /// How many of them went to the writer.
  private var sent = 0
  // Touched only on `queue`.
  private var out = BufferedOutput()

  init(format: @escaping Format) {
    self.format = format
    batch.reserveCapacity(Self.batchSize)
  }

  /// Adds `asset`; a full batch goes to the writer.
  func add(_ asset: Asset) {
    batch.append(asset)
    count += 1
    if batch.count == Self.batchSize { send() }
  }

  /// Writes what is left, then `trailer`, and waits until everything is written.
  func finish(trailer: String) {
    send()
    queue.sync {
      out.write(trailer)
      out.flush()
    }
  }

  private func send() {
    guard !batch.isEmpty else { return }
    let assets = batch
    let first = sent
    sent += assets.count
    batch.removeAll(keepingCapacity: true)
    slots.wait()
    queue.async { [self] in
      for (offset, asset) in assets.enumerated() {
        format(asset, first + offset == 0, &out)
      }
      slots.signal()
    }
  }
}
