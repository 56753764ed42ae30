/// What happened to one file when the cache was asked for its thumbnail.
public enum ThumbnailOutcome: Sendable, Equatable {
  /// A thumbnail was made and stored.
  case created
  /// A fresh thumbnail was already in the cache.
  case cached
  /// No thumbnail: the error names the file and says why (a recorded failure says so).
  case failed(DecodeError)
}
