import PhotoKitCompat
import Testing

/// A Swift Testing trait that gives every test it applies to a PhotoKit device of its own
/// (``PhotoKitCompat/PhotoKitDevice/withIsolatedDevice(_:)``), so that tests which install
/// different libraries, states and users run in parallel without `.serialized`:
///
/// ```swift
/// @Suite(.isolatedPhotoKitDevice) struct PickerTests {
///   @Test func limitedShowsTheSelection() async throws {
///     try PhotoKitDevice.install(readWrite: .limited, selection: ["a.jpg"], assets: ["a.jpg", "b.jpg"])
///     #expect(PHAsset.fetchAssets(with: nil).count == 1)
///   }
/// }
/// ```
///
/// On a suite it applies to each test and each case of a parameterized test.
public struct IsolatedPhotoKitDevice: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public init() {}

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await PhotoKitDevice.withIsolatedDevice { try await function() }
  }
}

extension Trait where Self == IsolatedPhotoKitDevice {
  /// A PhotoKit device of its own for each test (see ``IsolatedPhotoKitDevice``).
  public static var isolatedPhotoKitDevice: Self { Self() }
}
