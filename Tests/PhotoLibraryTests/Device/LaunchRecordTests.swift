import Foundation
import Testing

@testable import PhotoLibrary

/// What one launch keeps beside the stored state (``LaunchRecord``), owned by the
/// ``SimulatedPhone``: albums created empty are listed for that launch only, placeholders name
/// what they became, and a termination happens once.
@Suite struct LaunchRecordTests {
  /// A phone over an in-memory library of `ids` with full access, the album `Trips` holding
  /// one asset.
  static func phone() throws -> SimulatedPhone {
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: .photos)
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest,
      backend: MemoryLibraryBackend(ids: ["Trips/a.jpg", "b.jpg"]),
      store: MemoryAuthorizationStore(["com.example.app": state]))
    return try SimulatedPhone(session: session, libraryPath: "/memory")
  }

  @Test func anAlbumCreatedEmptyIsListedForThisLaunchOnly() throws {
    let phone = try Self.phone()
    #expect(try phone.albums() == ["Trips"])
    phone.launch.recordCreatedAlbum("Empty", placeholder: "P1", empty: true)
    phone.launch.recordCreatedAlbum("Trips", placeholder: "P2", empty: true)
    phone.launch.recordCreatedAlbum("Full", placeholder: "P3", empty: false)
    #expect(try phone.albums() == ["Empty", "Trips"])
    #expect(try phone.userCollections().map(\.path) == ["Empty", "Trips"])
    #expect(phone.launch.resolve(["P1", "P3", "b.jpg"]) == ["Empty", "Full", "b.jpg"])

    let next = phone.nextLaunch()
    #expect(try next.albums() == ["Trips"])
    #expect(next.launch.resolve(["P1"]) == ["P1"])
    #expect(next.session !== phone.session)
    #expect(next.session.bundleID == phone.session.bundleID)
  }

  @Test func aDeletedEmptyAlbumIsForgotten() throws {
    let phone = try Self.phone()
    phone.launch.recordCreatedAlbum("Empty", placeholder: "P1", empty: true)
    phone.launch.forgetEmptyAlbums(["Empty"])
    #expect(try phone.albums() == ["Trips"])
  }

  @Test func anotherIOSVersionIsANewLaunch() throws {
    let phone = try Self.phone()
    phone.launch.recordCreatedAsset("b.jpg", placeholder: "P1")
    #expect(phone.launch.terminate())
    #expect(!phone.launch.terminate())
    try phone.perform(.ios(.iOS17))
    #expect(!phone.launch.terminated)
    #expect(phone.launch.resolve(["P1"]) == ["P1"])
  }

  @Test func placeholdersAreComparedByTheirBytes() {
    let launch = LaunchRecord()
    // "é" precomposed and decomposed: equal as Swift strings, two different identifiers.
    launch.recordCreatedAsset("one.jpg", placeholder: "\u{E9}")
    #expect(launch.resolve(["\u{E9}", "e\u{301}"]) == ["one.jpg", "e\u{301}"])
  }
}
