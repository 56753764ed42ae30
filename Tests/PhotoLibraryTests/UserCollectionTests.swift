import Foundation
import PhotoLibrary
import Testing

/// The rule that makes albums and folders of albums out of a library's subfolders.
@Suite struct UserCollectionTests {
  static func assets(_ ids: [String]) -> AssetList {
    AssetList(
      ids.map { id in
        Asset(
          id: id, url: URL(fileURLWithPath: "/library/" + id), creationDate: Date(),
          pixelWidth: 1, pixelHeight: 1,
          album: id.split(separator: "/").dropLast().first.map(String.init))
      })
  }

  /// Each row: the files of a library, then the tree written as paths (folders end in `/`,
  /// their contents follow in brackets).
  static let cases: [([String], String)] = [
    ([], ""),
    (["a.jpg"], ""),
    (["Pets/a.jpg"], "Pets"),
    (["Pets/a.jpg", "Trips/b.jpg"], "Pets Trips"),
    (["Trips/2024/a.jpg", "Trips/2025/b.jpg"], "Trips/[Trips/2024 Trips/2025]"),
    (["Trips/a.jpg", "Trips/2024/b.jpg"], "Trips"),
    (["Trips/2025/deep/b.jpg"], "Trips/[Trips/2025/[Trips/2025/deep]]"),
    (["A/x/1.jpg", "A/y/2.jpg", "A/y/z/3.jpg"], "A/[A/x A/y]"),
    (["B/b.jpg", "A/a/a.jpg"], "A/[A/a] B"),
  ]

  static func written(_ tree: [UserCollection]) -> String {
    tree.map { collection in
      switch collection {
      case .album(let path): path
      case .folder(let path, let inside): "\(path)/[\(written(inside))]"
      }
    }.joined(separator: " ")
  }

  @Test(arguments: cases) func foldersOfOnlyFoldersAreFoldersElseAlbums(
    files: [String], expected: String
  ) {
    #expect(Self.written(UserCollection.tree(of: Self.assets(files))) == expected)
  }

  @Test func albumsAreListedDepthFirstAndHoldEverythingBelowThem() {
    let assets = Self.assets([
      "Trips/2024/a.jpg", "Trips/2025/deep/b.jpg", "Trips/2025/deep/x/c.jpg", "d.jpg",
    ])
    let tree = UserCollection.tree(of: assets)
    #expect(UserCollection.albums(in: tree) == ["Trips/2024", "Trips/2025/deep"])
    let grouped = UserCollection.grouped(assets)
    #expect(
      grouped.assets(inside: "Trips/2025/deep").map(\.id) == [
        "Trips/2025/deep/b.jpg", "Trips/2025/deep/x/c.jpg",
      ])
    #expect(grouped.assets(inside: "Trips/202").isEmpty)
    #expect(UserCollection.find("Trips/2025", in: tree)?.title == "2025")
    #expect(UserCollection.find("Trips/2026", in: tree) == nil)
  }
}
