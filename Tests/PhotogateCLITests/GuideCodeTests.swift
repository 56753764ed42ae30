import Foundation
import TestSupport
import Testing

/// `scripts/check-guide-code --extract-only`: every Swift block of the guides is a whole file of
/// a package they describe, a checked excerpt of one, or a marked one-call fragment. (CI runs
/// the script without `--extract-only`, which also builds and tests those packages.)
@Suite struct GuideCodeTests {
  /// Runs the script's extraction on `guides` (or on the repository's guides).
  static func extract(_ guides: [URL] = []) throws -> (status: Int32, output: String) {
    try ScriptRunner.run(
      "check-guide-code", ["--extract-only"] + guides.map(\.path),
      environment: ["GUIDE_CODE_DIR": nil])
  }

  @Test func everySwiftBlockOfTheGuidesIsAccountedFor() throws {
    let (status, output) = try Self.extract()
    #expect(status == 0, "\(output)")
    #expect(output.contains("(MyApp MyChanges MyLibraryApp MyPicker)"), "\(output)")
  }

  /// An unmarked block, an excerpt that is not in its file (of the guide's package or of the
  /// repository), and a file written twice each fail, named by guide and line; a fragment and
  /// matching excerpts pass.
  @Test func driftIsReportedByGuideAndLine() throws {
    let folder = try TestPaths.makeTemporaryDirectory("guide-code")
    defer { try? FileManager.default.removeItem(at: folder) }
    let guide = folder.appendingPathComponent("guide.md")
    try """
    # A guide

    ```swift file=Pkg/Sources/Pkg/A.swift
    let answer = 42
    func double(_ x: Int) -> Int {
      x * 2
    }
    ```

    ```swift excerpt=Pkg/Sources/Pkg/A.swift
      func double(_ x: Int) -> Int {
        x * 2
    ```

    ```swift excerpt=Pkg/Sources/Pkg/A.swift
    func triple(_ x: Int) -> Int {
    ```

    ```swift
    print("unchecked")
    ```

    ```swift fragment
    print("an illustration")
    ```

    ```swift source=Package.swift
    import PackageDescription
    ```

    ```swift source=Package.swift
    let notInTheManifest = true
    ```

    ```swift file=Pkg/Sources/Pkg/A.swift
    let other = 1
    ```
    """.write(to: guide, atomically: true, encoding: .utf8)
    let (status, output) = try Self.extract([guide])
    #expect(status == 1, "\(output)")
    #expect(output.contains("\(guide.path):15: this excerpt is not in Pkg/Sources/Pkg/A.swift"))
    #expect(output.contains("\(guide.path):19: a swift block must say file=, excerpt= or fragment"))
    #expect(output.contains("\(guide.path):35: Pkg/Sources/Pkg/A.swift is already written by"))
    #expect(output.contains("\(guide.path):31: this excerpt is not in Package.swift"))
    #expect(!output.contains(":27:"), "\(output)")
    #expect(!output.contains(":10:"), "\(output)")
    #expect(!output.contains(":23:"), "\(output)")
    #expect(output.contains("4 problems"), "\(output)")
  }
}
