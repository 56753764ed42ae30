#ifndef CIMAGECODECS_STATUS_H
#define CIMAGECODECS_STATUS_H

/// The outcome of every CImageCodecs_ call that can fail, sorted by cause. The readable reason
/// is kept in the handle (or the caller's buffer) as a string: nothing here prints or exits.
typedef enum {
  /// The call succeeded.
  CImageCodecs_statusOK = 0,
  /// The data is not a valid image (libjpeg/libpng error, bad CRC, bad marker...).
  CImageCodecs_statusCorrupt = 1,
  /// A valid file using a feature these codecs do not decode (12-bit JPEG, unknown colours).
  CImageCodecs_statusUnsupported = 2,
  /// The input ended early. For a header read this means "give me more bytes".
  CImageCodecs_statusTruncated = 3,
  /// The image needs more memory than allowed (or than malloc gave).
  CImageCodecs_statusTooLarge = 4,
  /// The call was made out of order, or with bad arguments.
  CImageCodecs_statusMisuse = 5,
  /// The library that reads the format could not be loaded (FFmpeg, opened on the first
  /// movie); the reason names it. Nothing is known about the data.
  CImageCodecs_statusUnavailable = 6,
} CImageCodecs_Status;

/// The most frames of an animation (GIF, WebP) that are counted and read: a file of only tiny
/// frames could otherwise claim millions, each with a header entry.
enum { CImageCodecs_maxFrames = 100000 };

/// Frees memory returned by a CImageCodecs_ call (for example an encoded PNG).
void CImageCodecs_free(void *pointer);

#endif
