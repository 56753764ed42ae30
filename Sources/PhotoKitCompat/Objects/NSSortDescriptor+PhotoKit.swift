import Foundation

#if !canImport(Darwin)
  /// `NSSortDescriptor(key:ascending:)` for PhotoKit fetch options.
  ///
  /// swift-corelibs-foundation has no key-value coding, so Foundation marks this initializer
  /// unavailable on Linux; this one sorts PhotoKit objects by the keys PhotoKit documents for
  /// fetch options (`PhotoKitPredicateKeys`, the same lookup predicates use): `creationDate`,
  /// `modificationDate`, `pixelWidth`, `pixelHeight`, `mediaType`, `duration`,
  /// `localIdentifier`, `localizedTitle`, `title`… Any other key is reported (the installed
  /// device's error handler) and does not sort. It sorts nothing but PhotoKit objects.
  extension NSSortDescriptor {
    public convenience init(key: String?, ascending: Bool) {
      let key = key ?? ""
      let supported = PhotoKitPredicateKeys.allKeys.subtracting(["SELF"])
      if !supported.contains(key) {
        PhotoKitDevice.current.report(
          PhotoKitDeviceError(
            "sort key '\(key)' is not supported by PhotoKitCompat (supported: "
              + supported.sorted().joined(separator: ", ") + ")"))
      }
      self.init(keyPath: \PHObject.self, ascending: ascending) { lhs, rhs in
        PredicateValue.sortOrder(
          PhotoKitPredicateKeys.value(of: lhs, forKey: key),
          PhotoKitPredicateKeys.value(of: rhs, forKey: key))
      }
    }
  }
#endif
