import FileSystem
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a folder library's edits are kept: a folder beside the library's attributes file
/// (`libraries/library-<hash>-edits/`), holding each rendered file and an index
/// (`edits.json`, a ``JSONFileStore``) of the edits by asset id. The library folder itself is
/// never written.
public struct AssetEditStore: Sendable {
  /// The folder of rendered files and the index.
  public let directory: URL
  /// The index of edits by asset id.
  public let index: JSONFileStore<[String: AssetEdit]>

  /// The schema of edit indexes.
  public static let schemaVersion = 1

  /// The edit store beside `attributes`' file.
  public init(besideAttributesOf attributes: LibraryAttributesStore) {
    let file = attributes.store.url
    directory = file.deletingLastPathComponent()
      .appendingPathComponent(
        file.deletingPathExtension().lastPathComponent + "-edits", isDirectory: true)
    index = JSONFileStore(
      url: directory.appendingPathComponent("edits.json"), schemaVersion: Self.schemaVersion)
  }

  /// Every saved edit, by asset id (none when nothing was ever edited).
  public func edits() throws -> [String: AssetEdit] {
    try index.load() ?? [:]
  }

  /// The rendered file of `edit`.
  public func renderedURL(of edit: AssetEdit) -> URL {
    directory.appendingPathComponent(edit.renderedFile, isDirectory: false)
  }

  /// Copies the rendered file at `rendered` into the store and records it as the edit of
  /// `assetID` (whose file has the identity `file`), replacing an earlier edit (whose file is
  /// removed).
  @discardableResult
  public func save(
    assetID: String, file: AssetFileIdentity? = nil, renderedFileAt rendered: URL,
    adjustment: AssetEdit.Adjustment, date: Date = Date()
  ) throws -> AssetEdit {
    let ext = rendered.pathExtension.isEmpty ? "" : "." + rendered.pathExtension
    let name = UUID().uuidString + ext
    try Self.copy(rendered.path, into: directory.path, as: name)
    let edit = AssetEdit(
      assetID: assetID, renderedFile: name, adjustment: adjustment, date: date, file: file)
    let previous = try index.update { stored -> AssetEdit? in
      var edits = stored ?? [:]
      let previous = edits[assetID]
      edits[assetID] = edit
      stored = edits
      return previous
    }
    if let previous { unlink(renderedURL(of: previous).path) }
    return edit
  }

  /// Copies the regular file at `source` into `folder` (made private when missing) as
  /// `name`, durably and never replacing a file; errors name the file and the reason.
  static func copy(_ source: String, into folder: String, as name: String) throws(SystemError) {
    try POSIX.makeDirectories(folder, mode: 0o700)
    let file = try RegularFile(path: source)
    defer { file.close() }
    let temporary = try DurableFile.copyToTemporary(from: file, for: name, in: folder, mode: 0o600)
    defer { unlink(temporary) }
    guard try DurableFile.publish(temporary, as: folder + "/" + name) else {
      throw SystemError(call: "link", code: EEXIST, path: folder + "/" + name)
    }
    try POSIX.syncDirectory(folder)
  }

  /// Moves the edit of `oldID` to `newID` (the asset's file moved); nothing when it has none.
  public func move(assetID oldID: String, to newID: String) throws {
    try index.update { stored in
      guard var edits = stored, var edit = edits.removeValue(forKey: oldID) else { return }
      edit.assetID = newID
      edits[newID] = edit
      stored = edits
    }
  }

  /// Forgets the edit of `assetID` and removes its rendered file; returns whether there was
  /// one.
  @discardableResult
  public func remove(assetID: String) throws -> Bool {
    let previous = try index.update { stored -> AssetEdit? in
      var edits = stored ?? [:]
      let previous = edits.removeValue(forKey: assetID)
      stored = edits
      return previous
    }
    guard let previous else { return false }
    unlink(renderedURL(of: previous).path)
    return true
  }
}
