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
      PhotoKitSortKeys.register(self, key: key)
    }
  }
#endif

/// The key each sort descriptor made by `init(key:ascending:)` sorts by, so that a fetch can
/// sort by the values themselves instead of comparing objects (a descriptor made with a
/// comparator of its own does not say what it reads).
enum PhotoKitSortKeys {
  private struct Entry {
    weak var descriptor: NSSortDescriptor?
    var key: String
  }

  private static let entries = LockedBox<[ObjectIdentifier: Entry]>([:])

  static func register(_ descriptor: NSSortDescriptor, key: String) {
    entries.withLock { entries in
      if entries.count > 64 { entries = entries.filter { $0.value.descriptor != nil } }
      entries[ObjectIdentifier(descriptor)] = Entry(descriptor: descriptor, key: key)
    }
  }

  /// The key `descriptor` sorts by, or nil for a descriptor not made from a PhotoKit key.
  static func key(of descriptor: NSSortDescriptor) -> String? {
    entries.withLock { entries in
      guard let entry = entries[ObjectIdentifier(descriptor)], entry.descriptor === descriptor
      else { return nil }
      return entry.key
    }
  }
}
