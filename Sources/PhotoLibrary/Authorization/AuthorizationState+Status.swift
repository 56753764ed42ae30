/// The derived statuses of docs/permission-model.md#derived-statuses.
extension AuthorizationState {
  /// `PHPhotoLibrary.authorizationStatus(for:)` (iOS 14+).
  ///
  /// Read/write: restricted, else P. Add-only: restricted, else the read/write value when P is
  /// authorized or limited (so add-only reports `limited`, as measured on iOS 14.2.1), else A.
  public func status(for level: AccessLevel) -> AuthorizationStatus {
    if isRestricted { return .restricted }
    switch level {
    case .readWrite:
      return readWriteStatus
    case .addOnly:
      switch readWrite {
      case .authorized, .limited: return readWriteStatus
      case .unset, .denied:
        switch addOnly {
        case .unset: return .notDetermined
        case .denied: return .denied
        case .authorized: return .authorized
        }
      }
    }
  }

  /// The deprecated `PHPhotoLibrary.authorizationStatus()`: read/write, with `limited` reported
  /// as `authorized`. On iOS 13 it is the only status there is.
  public var legacyStatus: AuthorizationStatus {
    let status = status(for: .readWrite)
    return status == .limited ? .authorized : status
  }

  /// The status an API call reports: `legacy` → `legacyStatus`, a level → `status(for:)`.
  public func status(of request: AuthorizationRequest) -> AuthorizationStatus {
    switch request {
    case .legacy: legacyStatus
    case .addOnly: status(for: .addOnly)
    case .readWrite: status(for: .readWrite)
    }
  }

  private var readWriteStatus: AuthorizationStatus {
    switch readWrite {
    case .unset: .notDetermined
    case .denied: .denied
    case .authorized: .authorized
    case .limited: .limited
    }
  }
}
