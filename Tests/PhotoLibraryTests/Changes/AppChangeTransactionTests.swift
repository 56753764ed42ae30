import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// The checks Photos makes on an app's transaction (a `performChanges` block), decided by the
/// library's ``AppChangeTransaction``: requests × access → the steps performed, or the error.
@Suite struct AppChangeTransactionTests {
  typealias Step = AppChangeTransaction.Step

  enum Outcome: Sendable {
    case steps([Step])
    case refused(AppChangeError.Code, String)
  }

  struct Row: Sendable, CustomTestStringConvertible {
    var name: String
    var transaction: AppChangeTransaction
    var access: LibraryAccess
    var outcome: Outcome
    var testDescription: String { name }
  }

  static let photo = AppChangeTransaction.Creation(
    file: URL(fileURLWithPath: "/tmp/new.jpg"), placeholder: "p1")
  static let other = AppChangeTransaction.Creation(data: Data([1, 2, 3]), placeholder: "p2")
  static let limited = LibraryAccess.limited(["a.jpg"])

  static func transaction(_ build: (inout AppChangeTransaction) -> Void) -> AppChangeTransaction {
    var transaction = AppChangeTransaction()
    build(&transaction)
    return transaction
  }

  static let album = AppChangeTransaction.AlbumChange(
    title: "Trips", creates: true, placeholder: "album1", added: ["p1"])
  static let emptyAlbum = AppChangeTransaction.AlbumChange(
    title: "Empty", creates: true, placeholder: "album2")

  static let rows: [Row] = [
    Row(
      name: "a new photo, add-only", transaction: transaction { $0.creations = [photo] },
      access: .addOnly, outcome: .steps([.insert(creation: 0, album: nil)])),
    Row(
      name: "a new photo, limited", transaction: transaction { $0.creations = [photo] },
      access: limited, outcome: .steps([.insert(creation: 0, album: nil)])),
    Row(
      name: "a new photo, denied", transaction: transaction { $0.creations = [photo] },
      access: .none,
      outcome: .refused(.accessDenied, "cannot add to the library: access is denied")),
    Row(
      name: "an unsupported request fails first",
      transaction: transaction {
        $0.creations = [photo]
        $0.unsupported = [
          .folderChange(request: "deleteCollectionLists(_:)"), .albumOrder(request: "later"),
        ]
      },
      access: .none,
      outcome: .refused(
        .notSupported,
        "deleteCollectionLists(_:): the library's folders are its subfolders and are not "
          + "changed through PhotoKit")),
    Row(
      name: "an album, limited",
      transaction: transaction {
        $0.creations = [photo]
        $0.albums = [album]
      },
      access: limited,
      outcome: .refused(
        .accessDenied, "cannot create or add to an album with limited read/write access")),
    Row(
      name: "an album deletion, add-only",
      transaction: transaction { $0.albumDeletions = [.init(id: "Trips")] }, access: .addOnly,
      outcome: .refused(
        .accessDenied, "cannot create or add to an album with denied read/write access")),
    Row(
      name: "a new photo into a new album",
      transaction: transaction {
        $0.creations = [photo, other]
        $0.albums = [album, emptyAlbum]
      },
      access: .full,
      outcome: .steps([
        .insert(creation: 0, album: "Trips"), .insert(creation: 1, album: nil),
        .createAlbum(title: "Trips", placeholder: "album1", isEmpty: false),
        .createAlbum(title: "Empty", placeholder: "album2", isEmpty: true),
      ])),
    Row(
      name: "the first album adding a photo takes it",
      transaction: transaction {
        $0.creations = [photo]
        $0.albums = [
          .init(title: "Old", creates: false, added: ["p1"]),
          .init(title: "New", creates: true, placeholder: "album3", added: ["p1"]),
        ]
      },
      access: .full,
      outcome: .steps([
        .insert(creation: 0, album: "Old"),
        .createAlbum(title: "New", placeholder: "album3", isEmpty: false),
      ])),
    Row(
      name: "an existing asset added to an album",
      transaction: transaction {
        $0.albums = [.init(title: "Trips", creates: false, added: ["a.jpg"])]
      },
      access: .full,
      outcome: .refused(
        .notSupported,
        "'a.jpg' cannot be added to album 'Trips': only assets created in the same change "
          + "block can be (PhotoKitCompat)")),
    Row(
      name: "an asset removed from an album",
      transaction: transaction {
        $0.albums = [.init(title: "Trips", creates: false, removed: ["Trips/a.jpg"])]
      },
      access: .full,
      outcome: .refused(
        .notSupported,
        "assets cannot be removed from album 'Trips' without being deleted: in the folder "
          + "library an asset is its file in the album folder (PhotoKitCompat)")),
    Row(
      name: "a selected asset's flags, limited",
      transaction: transaction {
        $0.edits = [.init(id: "a.jpg", flags: [.hidden: true, .favorite: false])]
      },
      access: limited,
      outcome: .steps([
        .attribute(.favorite, false, id: "a.jpg"), .attribute(.hidden, true, id: "a.jpg"),
      ])),
    Row(
      name: "an asset outside the selection, limited",
      transaction: transaction { $0.edits = [.init(id: "b.jpg", flags: [.favorite: true])] },
      access: limited,
      outcome: .refused(.accessDenied, "'b.jpg' cannot be changed by this app")),
    Row(
      name: "an edit, add-only",
      transaction: transaction { $0.edits = [.init(id: "a.jpg", flags: [.favorite: true])] },
      access: .addOnly, outcome: .refused(.accessDenied, "'a.jpg' cannot be changed by this app")
    ),
    Row(
      name: "a new creation date",
      transaction: transaction { $0.edits = [.init(id: "a.jpg", changesDateOrLocation: true)] },
      access: .full,
      outcome: .refused(
        .notSupported,
        "the creation date and location of 'a.jpg' cannot be changed: the folder library "
          + "does not rewrite files (PhotoKitCompat)")),
    Row(
      name: "a smart album deleted",
      transaction: transaction {
        $0.albumDeletions = [.init(id: "Trips"), .init(id: "smart-favorites", isSmart: true)]
      },
      access: .full,
      outcome: .refused(.notSupported, "the smart album 'smart-favorites' cannot be deleted")),
    Row(
      name: "everything at once, in Photos' order",
      transaction: transaction {
        $0.creations = [photo]
        $0.albums = [emptyAlbum]
        $0.edits = [
          .init(id: "a.jpg", flags: [.favorite: true], savesContent: true),
          .init(id: "b.jpg"),
        ]
        $0.deletions = ["c.jpg", "d.jpg"]
        $0.albumDeletions = [.init(id: "Old")]
      },
      access: .full,
      outcome: .steps([
        .attribute(.favorite, true, id: "a.jpg"), .saveContent(edit: 0),
        .deleteAssets(["c.jpg", "d.jpg"]), .deleteAlbums(["Old"]),
        .insert(creation: 0, album: nil),
        .createAlbum(title: "Empty", placeholder: "album2", isEmpty: true),
      ])),
  ]

  @Test(arguments: rows) func check(_ row: Row) throws {
    let status =
      switch row.access {
      case .full: "authorized"
      case .limited: "limited"
      case .addOnly, .none: "denied"
      }
    switch row.outcome {
    case .steps(let steps):
      #expect(try row.transaction.check(access: row.access, status: status) == steps)
    case .refused(let code, let reason):
      #expect(throws: AppChangeError(code, reason)) {
        try row.transaction.check(access: row.access, status: status)
      }
    }
  }

  /// Only adding photos with add-only access granted uses no library access (no read/write
  /// prompt comes up by itself).
  @Test(arguments: [
    (transaction { $0.creations = [photo] }, true, false),
    (transaction { $0.creations = [photo] }, false, true),
    (transaction { $0.albums = [emptyAlbum] }, true, true),
    (transaction { $0.edits = [.init(id: "a.jpg")] }, true, true),
    (transaction { $0.deletions = ["a.jpg"] }, true, true),
  ])
  func usesLibrary(transaction: AppChangeTransaction, addOnlyGranted: Bool, uses: Bool) {
    #expect(transaction.usesLibrary(addOnlyGranted: addOnlyGranted) == uses)
  }

  /// What the folder library lets an app do to an asset or an album
  /// (`canPerform(_:)` of `PHAsset` and `PHCollection`).
  @Test func whatCanBePerformed() {
    #expect(
      AppChangeTransaction.AssetOperation.allCases.filter(AppChangeTransaction.canPerform)
        == [.delete, .content])
    #expect(
      AppChangeTransaction.AlbumOperation.allCases.filter {
        AppChangeTransaction.canPerform($0, isRegular: true)
      } == [.addContent, .createContent, .delete])
    #expect(
      !AppChangeTransaction.AlbumOperation.allCases.contains {
        AppChangeTransaction.canPerform($0, isRegular: false)
      })
  }

  /// A new asset is one photo or one movie file.
  @Test(arguments: [
    ([AssetResource.Kind.photo], true),
    ([.video], true),
    ([.pairedVideo], false),
    ([nil], false),
    ([.photo, .pairedVideo], false),
    ([], false),
  ])
  func canCreate(kinds: [AssetResource.Kind?], allowed: Bool) {
    #expect(AppChangeTransaction.canCreate(from: kinds) == allowed)
  }

  @Test func anEmptyTransactionAsksForNothing() {
    #expect(AppChangeTransaction().isEmpty)
    #expect(!Self.transaction { $0.albumDeletions = [.init(id: "Trips")] }.isEmpty)
  }
}

/// Where a new asset's file is staged before the engine imports it.
@Suite struct AppChangeStagingTests {
  @Test func bytesAreStagedUnderTheirFormatsNameAndCleanedUp() throws {
    let jpeg = try Data(
      contentsOf: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg"))
    let creation = AppChangeTransaction.Creation(data: jpeg)
    var staged: URL?
    let name = try creation.publish { url in
      staged = url
      #expect(FileManager.default.fileExists(atPath: url.path))
      return url.lastPathComponent
    }
    #expect(name == "IMG_0001.jpg")
    let folder = try #require(staged).deletingLastPathComponent()
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func aFileIsImportedItselfOrCopiedUnderTheNameAsked() throws {
    let folder = try TestPaths.makeTemporaryDirectory("staging")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("photo.jpg")
    try FileManager.default.copyItem(
      at: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg"), to: file)
    let itself = try AppChangeTransaction.Creation(file: file).publish { $0 }
    #expect(itself == file)
    let renamed = try AppChangeTransaction.Creation(file: file, name: "Trip.jpg").publish {
      $0.lastPathComponent
    }
    #expect(renamed == "Trip.jpg")
    #expect(FileManager.default.fileExists(atPath: file.path))
    // A moved file is gone once it is in the library.
    _ = try AppChangeTransaction.Creation(file: file, movesFile: true).publish { $0 }
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func aMissingOrUnreadableResourceIsRefused() throws {
    #expect(throws: AppChangeError(.missingResource, "the creation request has no photo resource"))
    {
      try AppChangeTransaction.Creation().publish { $0 }
    }
    let missing = URL(fileURLWithPath: "/nonexistent/photo.jpg")
    let error = try #require(throws: AppChangeError.self) {
      try AppChangeTransaction.Creation(file: missing).publish { $0 }
    }
    #expect(error.code == .invalidResource)
    #expect(error.reason.contains(missing.path))
  }
}
