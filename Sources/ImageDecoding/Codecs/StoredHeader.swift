/// What a JPEG or PNG header says, at full scale and in stored (unrotated) orientation.
struct StoredHeader {
  var width: Int
  var height: Int
  var exif: EXIFMetadata
}

extension StoredHeader {
  /// A header from the C codec's numbers, parsing the EXIF block it points to (if any) now,
  /// while the codec that owns that memory is still alive.
  init(width: UInt32, height: UInt32, exif: UnsafePointer<UInt8>?, exifLength: Int) {
    let tiff = [UInt8](copying: exif, count: exifLength)
    self.init(
      width: Int(width), height: Int(height),
      exif: tiff.isEmpty ? EXIFMetadata() : EXIFMetadata(tiff: tiff))
  }
}
