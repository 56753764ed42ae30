import Foundation

/// Checks an Info.plist against the requests an app makes: missing keys (which terminate the
/// app), the add-only upgrade trap, and whether the automatic limited-access alert will show.
public enum InfoPlistLint {
  /// One finding.
  public struct Finding: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Equatable, Comparable {
      case error, warning, info
      public static func < (lhs: Severity, rhs: Severity) -> Bool {
        let order: [Severity] = [.error, .warning, .info]
        return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
      }
    }
    public var severity: Severity
    public var key: String
    public var message: String

    public var description: String { "\(severity): \(key): \(message)" }
  }

  /// The findings for an app that calls `uses` on `ios`, errors first. On iOS 13 every request
  /// is the legacy one: only `NSPhotoLibraryUsageDescription` is read and nothing is limited.
  public static func check(
    _ plist: InfoPlist, uses: Set<AuthorizationRequest> = Set(AuthorizationRequest.allCases),
    ios: IOSVersion = .newest
  ) -> [Finding] {
    typealias Key = InfoPlist.Key
    var findings: [Finding] = []
    func add(_ severity: Finding.Severity, _ key: String, _ message: String) {
      findings.append(Finding(severity: severity, key: key, message: message))
    }
    let readsLibrary = uses.contains(.readWrite) || uses.contains(.legacy)
    let addsOnly = uses.contains(.addOnly)

    switch plist.usageDescription {
    case nil where readsLibrary || addsOnly:
      add(
        .error, Key.usage,
        "missing: a read/write or legacy request (and, on iOS 13, any request) terminates the "
          + "app with \"This app has crashed because it attempted to access privacy-sensitive "
          + "data without a usage description…\"")
    case nil:
      add(.info, Key.usage, "missing (not needed: the app makes no request)")
    case let text? where text.trimmingCharacters(in: .whitespaces).isEmpty:
      add(.warning, Key.usage, "empty: the prompt body would be blank (App Review rejects this)")
    case let text?:
      add(.info, Key.usage, "present: \"\(text)\"")
    }

    switch plist.addUsageDescription {
    case _ where !ios.hasAccessLevels:
      add(.info, Key.addUsage, "not read on iOS 13 (add-only requests act as the legacy one)")
    case nil where addsOnly && plist.usageDescription != nil:
      add(
        .error, Key.addUsage,
        "missing: the add-only upgrade trap — requestAuthorization(for: .addOnly) is silently "
          + "upgraded to a read/write request, so a save-only feature asks for the whole "
          + "library (the read/write prompt, with \(Key.usage) as its body)")
    case nil where addsOnly:
      add(
        .error, Key.addUsage,
        "missing: requestAuthorization(for: .addOnly) terminates the app on iOS 14+")
    case nil:
      add(.info, Key.addUsage, "missing (not needed: the app makes no add-only request)")
    case let text? where text.trimmingCharacters(in: .whitespaces).isEmpty:
      add(.warning, Key.addUsage, "empty: the add-only prompt body would be blank")
    case let text?:
      add(.info, Key.addUsage, "present: \"\(text)\"")
    }

    let preventKey = plist.preventAlertKey ?? Key.preventAlert
    if let text = plist.preventAlertText {
      add(
        .warning, preventKey,
        "is \"\(text)\", not a boolean: iOS reads it as \(plist.preventAutomaticLimitedAccessAlert) "
          + "(as Foundation reads a string as a boolean); write <true/> or <false/>")
    }
    if preventKey == Key.preventAlertOldName {
      add(
        .info, preventKey,
        "the older name of \(Key.preventAlert); it is honoured, the newer name is preferred")
    }
    if !ios.hasAccessLevels {
      add(.info, preventKey, "not read on iOS 13 (there is no limited access)")
    } else if !readsLibrary && !(addsOnly && plist.addUsageDescription == nil) {
      add(
        .info, preventKey,
        "the automatic limited-access alert never shows: the app never asks for read/write")
    } else if plist.preventAutomaticLimitedAccessAlert {
      add(
        .info, preventKey,
        "true: the automatic limited-access alert will not show; offer "
          + "presentLimitedLibraryPicker yourself")
    } else {
      add(
        .info, Key.preventAlert,
        "not set: while read/write is limited, the automatic limited-access alert shows at "
          + "the first library access of every launch (not right after choosing limited)")
    }
    if plist.displayName == nil {
      add(
        .info, Key.displayName,
        "missing (and no CFBundleName): prompts name the app by its bundle id's last part")
    }
    return findings.enumerated().sorted {
      ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset)
    }.map(\.element)
  }
}
