#ifndef CIMAGECODECS_HEIF_H
#define CIMAGECODECS_HEIF_H

#include <stddef.h>
#include <stdint.h>

#include "cimagecodecs_status.h"

/// A libheif context over memory, its primary image handle and, after a decode, the decoded
/// image. Opaque: libheif's headers never appear in this module's public headers.
typedef struct CImageCodecs_HEIF CImageCodecs_HEIF;

/// What the boxes say about the primary image, read without decoding (heif_context_read_from_memory).
typedef struct {
  /// The size as displayed: libheif's `ispe` with `irot`/`imir`/`clap` applied.
  uint32_t width;
  uint32_t height;
  /// Bits per luma sample (8, 10, 12).
  int bitDepth;
  int hasAlpha;
  /// The largest embedded thumbnail, as displayed; 0 × 0 when there is none.
  uint32_t thumbnailWidth;
  uint32_t thumbnailHeight;
  /// The Exif item's TIFF block (the 4-byte offset prefix skipped), or NULL; valid until
  /// CImageCodecs_heifDestroy.
  const uint8_t *exif;
  size_t exifLength;
  /// The Exif item lies past the end of the bytes given (they are a prefix of the file).
  int exifTruncated;
} CImageCodecs_HEIFHeader;

/// Creates a context over `length` bytes at `data` (which must outlive it), with security limits
/// of at most `maxPixels` pixels per image and `maxMemoryBlock` bytes per allocation (0: keep
/// libheif's defaults), decoding on up to `threads` threads. NULL when out of memory.
CImageCodecs_HEIF *CImageCodecs_heifCreate(const uint8_t *data, size_t length, uint64_t maxPixels,
                                           uint64_t maxMemoryBlock, int threads);

/// Destroys the context, the handles and any decoded image.
void CImageCodecs_heifDestroy(CImageCodecs_HEIF *heif);

/// Parses the boxes and reads the primary image's header and Exif item.
/// Returns CImageCodecs_statusTruncated when the bytes end inside the boxes that describe it.
CImageCodecs_Status CImageCodecs_heifReadHeader(CImageCodecs_HEIF *heif,
                                                CImageCodecs_HEIFHeader *header);

/// Decodes the primary image (`useThumbnail` 0) or its largest thumbnail (1) with every
/// transformation applied, keeping the result in the handle; its size goes to `width`/`height`.
///
/// With `shrinkX` or `shrinkY` above 1 (for thumbnails), an image coded as YCbCr without alpha
/// is decoded to its planes, which are area-averaged in blocks of `shrinkX` × `shrinkY` pixels
/// before the conversion to RGB: the result is ceil(width / shrinkX) × ceil(height / shrinkY)
/// and approximates the exact decode box-shrunk (libheif's chroma upsampling and conversion of
/// every full-size pixel are skipped). Other images are decoded exactly at full size.
CImageCodecs_Status CImageCodecs_heifDecode(CImageCodecs_HEIF *heif, int useThumbnail,
                                            uint32_t shrinkX, uint32_t shrinkY, uint32_t *width,
                                            uint32_t *height);

/// Copies the decoded image as 8-bit RGBA straight alpha into `pixels`, rows `stride` bytes apart.
/// Deeper samples are reduced by rounding, (v * 255 + max / 2) / max, in the coded (non-linear)
/// domain; no alpha plane means alpha 255.
CImageCodecs_Status CImageCodecs_heifCopyRGBA(CImageCodecs_HEIF *heif, uint8_t *pixels,
                                              size_t stride);

/// The reason of the last failure (libheif's message), or "".
const char *CImageCodecs_heifMessage(const CImageCodecs_HEIF *heif);

#endif
