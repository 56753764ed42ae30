extension PHFetchResult {
  /// This result, keeping `options` (the fetch's own copy): `PHChange` reads
  /// `wantsIncrementalChangeDetails` from them.
  func keeping(_ options: PHFetchOptions) -> PHFetchResult {
    fetchOptions = options
    return self
  }
}
