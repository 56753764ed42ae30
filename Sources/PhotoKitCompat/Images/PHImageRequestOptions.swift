import Foundation

/// How an image request delivers. Mirrors `PHImageRequestOptions` (the parts that matter for
/// a folder library; the rest is kept for source compatibility).
public final class PHImageRequestOptions: NSObject, @unchecked Sendable {
  /// Deliver before `requestImage` returns, on the calling thread.
  public var isSynchronous = false
  public var deliveryMode: PHImageRequestOptionsDeliveryMode = .opportunistic
  public var resizeMode: PHImageRequestOptionsResizeMode = .fast
  public var version: PHImageRequestOptionsVersion = .current
  /// Nothing is in iCloud: no effect.
  public var isNetworkAccessAllowed = false

  public override init() { super.init() }
}

/// Mirrors `PHImageRequestOptionsDeliveryMode`; every mode delivers one full-quality result.
public enum PHImageRequestOptionsDeliveryMode: Int, Sendable, Equatable {
  case opportunistic = 0
  case highQualityFormat = 1
  case fastFormat = 2
}

/// Mirrors `PHImageRequestOptionsResizeMode`; images always fit the target size exactly.
public enum PHImageRequestOptionsResizeMode: Int, Sendable, Equatable {
  case none = 0
  case fast = 1
  case exact = 2
}

/// Mirrors `PHImageRequestOptionsVersion`; a folder has only originals.
public enum PHImageRequestOptionsVersion: Int, Sendable, Equatable {
  case current = 0
  case unadjusted = 1
  case original = 2
}
