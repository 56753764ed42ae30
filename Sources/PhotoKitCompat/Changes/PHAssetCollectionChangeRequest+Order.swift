import Foundation
import PhotoLibrary

/// The order of an album's assets: a folder album is ordered by date, so these fail the change
/// with `changeNotSupported` naming the request, as removing assets does.
extension PHAssetCollectionChangeRequest {
  /// Mirrors `removeAssets(at:)`.
  public func removeAssets(at indexes: IndexSet) {
    refuse("removeAssets(at:)")
  }

  /// Mirrors `moveAssets(at:to:)`.
  public func moveAssets(at fromIndexes: IndexSet, to toIndex: Int) {
    refuse("moveAssets(at:to:)")
  }

  /// Mirrors `replaceAssets(at:withAssets:)`.
  public func replaceAssets(at indexes: IndexSet, withAssets assets: any NSFastEnumeration) {
    refuse("replaceAssets(at:withAssets:)")
  }

  private func refuse(_ request: String) {
    ChangeTransaction.joining(request)?.problems.append(.albumOrder(request: request))
  }
}
