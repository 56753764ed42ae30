extension ImageHeader {
  /// A header from a C codec's numbers, parsing the EXIF block it points to (if any) now,
  /// while the codec that owns that memory is still alive. The EXIF orientation is the one
  /// to apply (JPEG, PNG).
  init(width: UInt32, height: UInt32, exif: UnsafePointer<UInt8>?, exifLength: Int) {
    let tiff = [UInt8](copying: exif, count: exifLength)
    let metadata = tiff.isEmpty ? EXIFMetadata() : EXIFMetadata(tiff: tiff)
    self.init(
      width: Int(width), height: Int(height), orientation: metadata.orientation ?? .up,
      metadata: metadata)
  }
}
