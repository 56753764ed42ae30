import PhotoLibrary

extension ImageRequestPlan {
  /// Whether the final result of an asset of `width` × `height` whose full version is in
  /// iCloud only is larger than the small version the device keeps
  /// (``CloudState/localVersionLongSide``): smaller results are made of that version, as
  /// thumbnails are on a device, and need no network.
  func exceedsLocalVersion(width: Int, height: Int) -> Bool {
    let full = max(width, height)
    guard full > CloudState.localVersionLongSide else { return false }
    return sizing.minimumLongSide(width: width, height: height)
      > CloudState.localVersionLongSide
  }

  /// The long side of the result made of the device's small version: what `stage` asks for,
  /// but never more than the small version has.
  func localLongSide(width: Int, height: Int, stage: Stage) -> Int {
    let full = max(width, height)
    let long = longSide(width: width, height: height, stage: stage)
    let wanted = long == 0 ? full : long
    let local = min(wanted, CloudState.localVersionLongSide)
    return local >= full ? 0 : local
  }
}
