import Foundation
import Testing

@testable import PhotoLibrary

/// Reading scripts: every operation, blocks and waits, and each mistake named by its line.
@Suite struct ChangeScriptParsingTests {
  let base = URL(fileURLWithPath: "/scripts")

  @Test func everyOperationIsRead() throws {
    let text = """
      # a comment
      transaction import   # named
        insert photos/beach.jpg as "Beach Day.jpg" into Trips
        favourite Trips/beach.jpg
      end
      wait 500ms
      delete old.jpg
      modify a.jpg with /tmp/new.jpg
      move a.jpg to Trips
      move Trips/b.jpg out of Trips
      unfavorite a.jpg
      hide a.jpg
      unhide a.jpg
      album create Empty
      album rename Trips to "Trips 2024"
      album delete Old
      wait 2s
      """
    let script = try ChangeScript.parse(text, file: "s.txt", baseDirectory: base)
    #expect(script.transactions.count == 11)
    let first = script.transactions[0]
    #expect(first.name == "import" && first.line == 2)
    #expect(
      first.operations == [
        ChangeOperation(
          .insert(
            file: URL(fileURLWithPath: "/scripts/photos/beach.jpg"), name: "Beach Day.jpg",
            album: "Trips"), line: 3),
        ChangeOperation(.attribute(.favorite, true, id: "Trips/beach.jpg"), line: 4),
      ])
    #expect(script.steps[1] == .wait(.milliseconds(500), line: 6))
    let kinds = script.transactions.dropFirst().map { $0.operations[0].kind }
    #expect(
      kinds == [
        .delete(id: "old.jpg"),
        .modify(id: "a.jpg", file: URL(fileURLWithPath: "/tmp/new.jpg")),
        .move(id: "a.jpg", album: "Trips", from: nil),
        .move(id: "Trips/b.jpg", album: nil, from: "Trips"),
        .attribute(.favorite, false, id: "a.jpg"),
        .attribute(.hidden, true, id: "a.jpg"),
        .attribute(.hidden, false, id: "a.jpg"),
        .createAlbum("Empty"),
        .renameAlbum("Trips", to: "Trips 2024"),
        .deleteAlbum("Old"),
      ])
    #expect(script.steps.last == .wait(.seconds(2), line: 17))
  }

  /// Each mistake, with the line it is reported on and words of the reason.
  static let mistakes: [(text: String, line: Int, reason: String)] = [
    ("transaction\ninsert a.jpg\n", 1, "has no 'end'"),
    ("end\n", 1, "'end' without a 'transaction'"),
    ("transaction\nend\n", 2, "holds no change"),
    ("transaction\ntransaction\n", 2, "inside the transaction of line 1"),
    ("transaction\nwait 1s\nend\n", 2, "waits go between transactions"),
    ("\n\nwait soon\n", 3, "usage: wait DURATION"),
    ("wait 601s\n", 1, "longer than the longest wait"),
    ("explode a.jpg\n", 1, "unknown change 'explode'"),
    ("insert\n", 1, "usage: insert FILE"),
    ("insert a.jpg as\n", 1, "usage: insert FILE"),
    ("insert a.jpg as b/c.jpg\n", 1, "names a folder"),
    ("delete ../etc/passwd\n", 1, "not a path inside the library"),
    ("delete /abs.jpg\n", 1, "not a path inside the library"),
    ("favourite .hidden.jpg\n", 1, "not a path inside the library"),
    ("modify a.jpg b.jpg\n", 1, "usage: modify ID with FILE"),
    ("move a.jpg into B\n", 1, "usage: move ID to ALBUM"),
    ("album destroy X\n", 1, "usage: album create NAME"),
    ("delete \"a.jpg\n", 1, "not closed"),
  ]

  @Test(arguments: mistakes)
  func mistakesNameTheLine(text: String, line: Int, reason: String) {
    #expect(throws: ChangeScriptError.self) {
      try ChangeScript.parse(text, file: "bad.txt", baseDirectory: base)
    }
    do {
      _ = try ChangeScript.parse(text, file: "bad.txt", baseDirectory: base)
    } catch {
      #expect(error.source == "bad.txt")
      #expect(error.line == line)
      #expect(error.reason.contains(reason), "\(error)")
      #expect("\(error)".hasPrefix("bad.txt:\(line): "))
    }
  }

  @Test func anOversizedScriptIsRefused() {
    let text = String(repeating: "# padding\n", count: ChangeScript.longestText / 10 + 1)
    #expect(throws: ChangeScriptError.self) {
      try ChangeScript.parse(text, baseDirectory: base)
    }
  }
}
