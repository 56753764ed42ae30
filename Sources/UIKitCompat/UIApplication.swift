import Foundation

#if !canImport(UIKit)
  /// A stand-in for UIKit's `UIApplication`: opening URLs (the Settings link of a
  /// permission alert) is only recorded.
  public final class UIApplication: NSObject, @unchecked Sendable {
    /// Mirrors `UIApplication.OpenExternalURLOptionsKey`.
    public struct OpenExternalURLOptionsKey: Hashable, Sendable, RawRepresentable {
      public var rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }
    }

    public static let shared = UIApplication()
    /// The URL that opens the app's page in Settings.
    public static let openSettingsURLString = "app-settings:"
    private let opened = NSLock()
    private var openedList: [URL] = []

    /// The URLs opened so far (for a test; UIKit has no such list).
    public var openedURLs: [URL] { opened.withLock { openedList } }

    public func canOpenURL(_ url: URL) -> Bool { true }

    /// Records `url` and calls `completion` with true.
    public func open(
      _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
      completionHandler completion: ((Bool) -> Void)? = nil
    ) {
      opened.withLock { openedList.append(url) }
      completion?(true)
    }
  }
#endif
