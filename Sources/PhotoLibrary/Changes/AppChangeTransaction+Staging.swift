import Foundation
import ImageDecoding

extension AppChangeTransaction.Creation {
  /// Adds the new asset: stages its file (``staged()``), hands it to `add` (the session's
  /// import), then removes the temporary copy, and the source when it is moved. Errors name
  /// the file: an unreadable one is ``AppChangeError/Code/invalidResource``, none at all
  /// ``AppChangeError/Code/missingResource``.
  public func publish<Result>(_ add: (URL) throws -> Result) throws -> Result {
    let staging = try staged()
    defer {
      if staging.isTemporary { FileContents.remove(staging.url.deletingLastPathComponent()) }
    }
    let result = try add(staging.url)
    if movesFile, let file { FileContents.remove(file) }
    return result
  }

  /// The file to import: the creation's own file when no other name is asked for, else a
  /// copy of its bytes in a temporary folder of its own, under `name` (or `IMG_0001` with the
  /// extension of the bytes' format).
  func staged() throws -> (url: URL, isTemporary: Bool) {
    if let file, name == nil {
      do {
        try FileContents.checkReadable(file)
      } catch {
        throw AppChangeError(.invalidResource, "\(error)")
      }
      return (file, false)
    }
    let bytes: Data
    if let data {
      bytes = data
    } else if let file {
      do {
        bytes = try FileContents.data(of: file)
      } catch {
        throw AppChangeError(.invalidResource, "\(error)")
      }
    } else {
      throw AppChangeError(.missingResource, "the creation request has no photo resource")
    }
    let name = name ?? "IMG_0001" + Self.fileExtension(of: bytes)
    let folder = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
      .appendingPathComponent("PhotoKitCompat-\(UUID().uuidString)")
    let url = folder.appendingPathComponent((name as NSString).lastPathComponent)
    try FileContents.makeFolder(folder)
    try FileContents.write(bytes, to: url)
    return (url, true)
  }

  /// The preferred extension (".jpg") of the format the magic bytes name; "" for none.
  static func fileExtension(of bytes: Data) -> String {
    let head = [UInt8](bytes.prefix(ImageFormatRegistry.shared.sniffLength))
    guard let codec = ImageFormatRegistry.shared.codec(sniffing: head),
      let preferred = codec.fileExtensions.first
    else { return "" }
    return "." + preferred
  }
}
