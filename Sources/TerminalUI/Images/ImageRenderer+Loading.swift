import ImageDecoding

extension ImageRenderer {
  /// How much larger than the preview a shrink-on-load thumbnail is kept, so that the
  /// final area average, not the decoder's own resize, decides the result.
  static let headroom = 6

  /// Decodes the file at `path` for a preview of at most `columns` × `rows` cells: in full
  /// when it is small, else as a shrink-on-load thumbnail still ``headroom`` times larger
  /// than the preview. Errors name `path`.
  public static func loadImage(_ path: String, columns: Int, rows: Int) throws(DecodeError)
    -> PixelImage
  {
    do {
      let info = try ImageDecoder.info(ofFileAt: path)
      let layout = ImageLayout(
        imageWidth: info.width, imageHeight: info.height, columns: columns, rows: rows)
      let longSide = headroom * max(layout.pixelWidth, layout.pixelHeight)
      if max(info.width, info.height) <= longSide {
        return try ImageDecoder.decode(fileAt: path)
      }
      return try ImageDecoder.thumbnail(fileAt: path, longSide: longSide)
    } catch {
      throw error.path == nil ? error.with(path: path) : error
    }
  }
}
