import ImageDecoding
import PhotoLibrary

extension ImageRenderer {
  /// How much larger than the preview a shrink-on-load thumbnail is kept, so that the
  /// final area average, not the decoder's own resize, decides the result.
  static let headroom = 16

  /// Images whose long side is at most this are decoded in full: cheap (a few ms) and exact,
  /// where a thumbnail's own resampling would cost 2–5 dB of preview fidelity.
  static let fullDecodeLimit = ImagePipeline.fullDecodeLimit

  /// Decodes the file at `path` for a preview of at most `columns` × `rows` cells: in full
  /// when it is at most ``fullDecodeLimit`` pixels long, else as a shrink-on-load thumbnail
  /// still ``headroom`` times larger than the preview. Errors name `path`.
  public static func loadImage(_ path: String, columns: Int, rows: Int) throws(DecodeError)
    -> PixelImage
  {
    try ImagePipeline.decodeForScreen(
      path, longSide: try longSide(path, columns: columns, rows: rows)
    ).image
  }

  /// ``loadImage(_:columns:rows:)`` through `pipeline`: a picture of the file it already
  /// holds (from the gallery, say) is not decoded again.
  public static func loadImage(
    _ path: String, columns: Int, rows: Int, pipeline: ImagePipeline
  ) throws -> PixelImage {
    try pipeline.image(fileAt: path, atLeast: try longSide(path, columns: columns, rows: rows))
  }

  /// The long side a picture of the file at `path` needs for `columns` × `rows` cells: the
  /// cells' pixels times ``headroom`` (the header tells the aspect). Errors name `path`.
  static func longSide(_ path: String, columns: Int, rows: Int) throws(DecodeError) -> Int {
    do {
      let info = try ImageDecoder.info(ofFileAt: path)
      let layout = ImageLayout(
        imageWidth: info.width, imageHeight: info.height, columns: columns, rows: rows)
      return headroom * max(layout.pixelWidth, layout.pixelHeight)
    } catch {
      throw error.path == nil ? error.with(path: path) : error
    }
  }
}
