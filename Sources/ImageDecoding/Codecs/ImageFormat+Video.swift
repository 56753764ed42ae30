extension ImageFormat {
  /// A QuickTime movie (`ftyp` brand `qt  `, or an old file that starts with a `moov`, `mdat`
  /// or `wide` atom): the iPhone camera's `.mov` (`com.apple.quicktime-movie`).
  public static let quickTime = ImageFormat("quicktime")
  /// An MPEG-4 movie (ISO base media file with a movie brand: `isom`, `mp42`, `M4V `, …), as
  /// `.mp4` and `.m4v` files are (`public.mpeg-4`).
  public static let mpeg4 = ImageFormat("mpeg4")
}
