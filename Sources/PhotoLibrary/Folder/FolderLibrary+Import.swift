import FileSystem
import Foundation
import ImageDecoding

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FolderLibrary {
  /// The most "name N.ext" variants tried before an import gives up.
  static let maxNameAttempts = 10_000

  /// How old (in seconds) a temporary file must be before an import deletes it as abandoned:
  /// far longer than any live copy takes.
  static let abandonedTemporaryAge = 600

  /// Checks that `name` can be an album: a single, visible, non-empty folder name.
  public static func validateAlbumName(_ name: String) throws(LibraryError) {
    func invalid(_ reason: String) -> LibraryError {
      LibraryError(.invalidAlbumName, path: name, reason: "invalid album name: \(reason)")
    }
    if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw invalid("it is empty")
    }
    if name.contains("/") { throw invalid("it must not contain '/'") }
    if name.contains("\0") { throw invalid("it must not contain a NUL character") }
    if name.hasPrefix(".") {
      throw invalid("it must not start with '.' (hidden folders are skipped)")
    }
    if name.utf8.count > 255 { throw invalid("longer than 255 bytes") }
  }

  /// Creates the album folder `name` (mode 0755) in the root, or does nothing when it exists.
  ///
  /// Mirrors `PHAssetCollectionChangeRequest.creationRequestForAssetCollection(withTitle:)`.
  /// An album with no image yet is not listed by ``albums()`` until something is saved in it.
  @discardableResult
  public func createAlbum(named name: String) throws(LibraryError) -> URL {
    try Self.validateAlbumName(name)
    let url = root.appendingPathComponent(name, isDirectory: true)
    var info = stat()
    if lstat(url.path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR { return url }
      throw LibraryError(
        .io, path: url.path,
        reason: "cannot create the album: a file or link that is not a folder has its name")
    }
    do {
      try POSIX.check("mkdir") { mkdir(url.path, 0o755) }
      try POSIX.check("chmod") { chmod(url.path, 0o755) }
      try POSIX.syncDirectory(root.path)
    } catch  where error.code == EEXIST {
      return url  // Created by someone else meanwhile.
    } catch {
      throw LibraryError(path: url.path, doing: "cannot create the album", error)
    }
    return url
  }

  /// Copies the image at `source` into the library root, or into `album` (created when
  /// missing), and returns the new asset.
  ///
  /// Mirrors `PHAssetChangeRequest.creationRequestForAssetFromImage(atFileURL:)`. The bytes
  /// are copied unchanged into a hidden temporary file, `fsync`ed, then given their name with
  /// `link(2)`, which fails rather than replace an existing file: "IMG.jpg" becomes
  /// "IMG 2.jpg", "IMG 3.jpg"… so no existing photo is ever overwritten, even by two imports
  /// racing. Nobody ever sees a half-written file under the final name. Temporary files that
  /// a killed import left in the folder are deleted once they are
  /// ``abandonedTemporaryAge`` seconds old.
  public func importFile(at source: URL, album: String?) throws(LibraryError) -> Asset {
    let folder: URL
    if let album {
      folder = try createAlbum(named: album)
    } else {
      folder = root
    }
    DurableFile.removeAbandoned(in: folder.path, olderThan: Self.abandonedTemporaryAge)
    let name = Self.importName(for: source.lastPathComponent)
    let temporary = try copyToTemporary(source, in: folder.path, name: name)
    defer { unlink(temporary) }
    let final = try linkUnderFreeName(temporary, in: folder.path, name: name)
    do {
      try POSIX.syncDirectory(folder.path)
    } catch {
      throw LibraryError(path: folder.path, doing: "cannot sync the folder", error)
    }
    let id = album.map { "\($0)/\(final)" } ?? final
    let path = root.path + "/" + id
    let status: FileStatus
    do {
      status = try POSIX.status(path, followLinks: false)
    } catch {
      throw LibraryError(path: path, doing: "cannot read the imported file", error)
    }
    let entry = FolderEntry(id: id, root: root.path, status: status)
    snapshot.invalidate()
    return makeAsset(entry).0
  }

  /// The name an imported file gets: the source's, without leading dots (a hidden file would
  /// not be listed), or "Image" when nothing is left.
  static func importName(for sourceName: String) -> String {
    let visible = String(sourceName.drop { $0 == "." })
    return visible.isEmpty ? "Image" : visible
  }

  /// "IMG.jpg", "IMG 2.jpg", "IMG 3.jpg"… (a name that already ends in a number is not
  /// parsed: "Trip 2019.jpg" becomes "Trip 2019 2.jpg", never "Trip 2020.jpg").
  static func candidateNames(for name: String) -> some Sequence<String> {
    var stem = name
    var suffix = ""
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      stem = String(name[..<dot])
      suffix = String(name[dot...])
    }
    return (0..<maxNameAttempts).lazy.map { index in
      index == 0 ? name : "\(stem) \(index + 1)\(suffix)"
    }
  }

  /// Copies `source` into a new hidden temporary file in `folder` (``DurableFile``: copied in
  /// bounded chunks and `fsync`ed); returns its path. Only a regular file whose first bytes
  /// are an image format is copied.
  private func copyToTemporary(
    _ source: URL, in folder: String, name: String
  ) throws(LibraryError) -> String {
    let input: RegularFile
    do {
      input = try RegularFile(path: source.path)
    } catch  where error.note != nil {
      throw LibraryError(.notAnImage, path: source.path, reason: "not a regular file")
    } catch {
      throw LibraryError(path: source.path, doing: "cannot open the file to import", error)
    }
    defer { input.close() }
    let first: [UInt8]
    do {
      first = try input.read(at: 0, count: ImageSniffer.magicLength)
    } catch {
      throw LibraryError(path: source.path, doing: "cannot read the file to import", error)
    }
    guard ImageSniffer.format(of: first) != nil else {
      throw LibraryError(
        .notAnImage, path: source.path,
        reason:
          "not an image PhotoGate reads (by its first bytes: "
          + "\(ImageFormatRegistry.shared.formatList))")
    }
    do {
      return try DurableFile.copyToTemporary(
        from: input, prefix: first, for: name, in: folder, mode: 0o644)
    } catch  where error.path == folder {
      throw LibraryError(path: folder, doing: "cannot create a file in the folder", error)
    } catch {
      throw LibraryError(path: source.path, doing: "cannot copy into \(folder)", error)
    }
  }

  /// Gives `temporary` the first free name of ``candidateNames(for:)`` in `folder`, without
  /// ever replacing a file (``DurableFile/publish(_:as:)``); returns that name.
  private func linkUnderFreeName(
    _ temporary: String, in folder: String, name: String
  ) throws(LibraryError) -> String {
    for candidate in Self.candidateNames(for: name) {
      let destination = folder + "/" + candidate
      do {
        if try DurableFile.publish(temporary, as: destination) { return candidate }
      } catch {
        throw LibraryError(path: destination, doing: "cannot save", error)
      }
    }
    throw LibraryError(
      .io, path: folder + "/" + name,
      reason: "cannot save: \(Self.maxNameAttempts) names are already taken")
  }
}
