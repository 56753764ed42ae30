import Foundation

#if !canImport(Darwin)
  /// `NSSortDescriptor(key:ascending:)` for PhotoKit fetch options.
  ///
  /// swift-corelibs-foundation has no key-value coding, so Foundation marks this initializer
  /// unavailable on Linux; this one sorts PhotoKit objects (`PHAsset`, `PHAssetCollection`) by
  /// the keys fetch options use: `creationDate`, `modificationDate`, `pixelWidth`,
  /// `pixelHeight`, `mediaType`, `duration`, `localIdentifier`, `localizedTitle`, `title`. Any
  /// other key is reported (the installed device's error handler) and does not sort. It sorts
  /// nothing but PhotoKit objects.
  extension NSSortDescriptor {
    public convenience init(key: String?, ascending: Bool) {
      let key = key ?? ""
      if !PhotoKitSortKeys.supported.contains(key) {
        PhotoKitDevice.current.report(
          PhotoKitDeviceError(
            "sort key '\(key)' is not supported by PhotoKitCompat (supported: "
              + PhotoKitSortKeys.supported.sorted().joined(separator: ", ") + ")"))
      }
      self.init(keyPath: \PHObject.self, ascending: ascending) { lhs, rhs in
        PhotoKitSortValue.compare(
          (lhs as? PHObject)?.sortValue(forKey: key), (rhs as? PHObject)?.sortValue(forKey: key))
      }
    }
  }
#endif

/// The keys PhotoKit objects can be sorted on.
enum PhotoKitSortKeys {
  static let supported: Set<String> = [
    "creationDate", "modificationDate", "pixelWidth", "pixelHeight", "mediaType", "duration",
    "localIdentifier", "localizedTitle", "title",
  ]
}
