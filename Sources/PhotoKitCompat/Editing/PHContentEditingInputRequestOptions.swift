import Foundation

/// Options for `requestContentEditingInput(with:completionHandler:)`. Mirrors
/// `PHContentEditingInputRequestOptions`.
public final class PHContentEditingInputRequestOptions: NSObject, @unchecked Sendable {
  /// Asked with the adjustment data of the asset's saved edit: true hands out the original
  /// file and that data (to reopen the edit), false the edited file and no data.
  public var canHandleAdjustmentData: (PHAdjustmentData) -> Bool = { _ in false }
  /// Whether an asset in iCloud only may be downloaded; without it no input is made.
  public var isNetworkAccessAllowed = false
  /// Called while the asset downloads from iCloud, with increasing progress; set `stop` to
  /// cancel.
  public var progressHandler: ((Double, UnsafeMutablePointer<ObjCBool>) -> Void)?

  public override init() { super.init() }
}

/// The id of a content editing input request. Mirrors `PHContentEditingInputRequestID`.
public typealias PHContentEditingInputRequestID = UInt

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Info key: a `PHPhotosError` when no input could be made. Mirrors PhotoKit's name.
public let PHContentEditingInputErrorKey = "PHContentEditingInputErrorKey"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Info key: true when the request was cancelled. Mirrors PhotoKit's name.
public let PHContentEditingInputCancelledKey = "PHContentEditingInputCancelledKey"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Info key: true when no input was made because the asset is in iCloud only. Mirrors
/// PhotoKit's name.
public let PHContentEditingInputResultIsInCloudKey = "PHContentEditingInputResultIsInCloudKey"
