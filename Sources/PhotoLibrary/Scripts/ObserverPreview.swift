import FileSystem
import Foundation

/// What one app observing the library would hear from each transaction of a plan: the dry
/// run's answer for every app with a state file. Mirrors what a `PHPhotoLibraryChangeObserver`
/// of that app receives (`PHChange`), given its access: a limited app hears only about the
/// assets of its selection, add-only and denied apps hear nothing.
public struct ObserverPreview: Sendable {
  /// The app's bundle id.
  public var app: String
  /// Its read/write access in words ("full", "limited (3 selected)", "add-only", "none"), or
  /// why its state file cannot be read.
  public var access: String
  /// One entry per transaction, in order.
  public var notices: [Notice]

  /// What one transaction gives the app.
  public struct Notice: Sendable, Equatable {
    /// The transaction's place in the script.
    public var transaction: Int
    public var inserted: [String]
    public var removed: [String]
    public var changed: [String]
    /// The app's "all photos, newest first" fetch (`PHAsset.fetchAssets(with: nil)`,
    /// hidden assets left out) before and after, by id.
    public var before: [String]
    public var after: [String]
    /// The fetch's change details: removed, inserted, changed indexes and moves
    /// (`PHFetchResultChangeDetails`).
    public var diff: ListingDiff

    /// Whether the app hears a notice at all (nothing it can see changed: no notice).
    public var isDelivered: Bool { !(inserted.isEmpty && removed.isEmpty && changed.isEmpty) }
  }

  /// The preview for an app with `access` (nil: its state cannot be read).
  init(app: String, access: LibraryAccess?, problem: String? = nil, plan: ChangeScriptPlan) {
    self.app = app
    self.access = problem ?? access.map(Self.describe) ?? "none"
    let access = access ?? .none
    notices = plan.transactions.map { planned in
      func fetch(_ listing: [ListedAsset]) -> [String] {
        listing.filter { !$0.isHidden && access.canRead($0.id) }.map(\.id)
      }
      let changed = planned.change.changed.filter(access.canRead)
      let before = fetch(planned.before)
      let after = fetch(planned.after)
      return Notice(
        transaction: planned.number,
        inserted: planned.change.inserted.filter(access.canRead),
        removed: planned.change.removed.filter(access.canRead), changed: changed,
        before: before, after: after,
        diff: ListingDiff(before: before, after: after, changed: AssetIDSet(changed)))
    }
  }

  static func describe(_ access: LibraryAccess) -> String {
    switch access {
    case .full: "full"
    case .limited(let ids, _): "limited (\(ids.count) selected)"
    case .addOnly: "add-only"
    case .none: "none"
    }
  }
}

extension ChangeScriptPlan {
  /// What every app with a state file in `stateDirectory` would hear (see
  /// ``ObserverPreview``), apps by bundle id; on iOS `ios`.
  public func observerPreviews(stateDirectory: URL, ios: IOSVersion = .newest) -> [ObserverPreview]
  {
    let names = (try? POSIX.listDirectory(stateDirectory.path).names) ?? []
    let store = FileAuthorizationStore(directory: stateDirectory)
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { name in
      let app = String(name.dropLast(".json".count))
      do {
        let state = try store.load(bundleID: app)
        return ObserverPreview(app: app, access: state.libraryAccess(ios: ios), plan: self)
      } catch {
        return ObserverPreview(
          app: app, access: nil, problem: "unreadable: \(error)", plan: self)
      }
    }
  }
}
