#ifndef CIMAGECODECS_PNG_H
#define CIMAGECODECS_PNG_H

#include <stddef.h>
#include <stdint.h>

#include "cimagecodecs_status.h"

/// A libpng reader over memory (classic png_read_* API), with setjmp error recovery in C.
/// Opaque: png.h never appears in this module's public headers.
typedef struct CImageCodecs_PNG CImageCodecs_PNG;

/// What png_read_info found (IHDR, and eXIf when it comes before the image data).
typedef struct {
  uint32_t width;
  uint32_t height;
  int bitDepth;
  /// PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
  int colorType;
  int interlaced;
  /// Whether a tRNS chunk is present.
  int hasTransparency;
  /// The eXIf chunk's TIFF block, or NULL; valid until CImageCodecs_pngDestroy.
  const uint8_t *exif;
  size_t exifLength;
} CImageCodecs_PNGHeader;

/// Creates a reader over `length` bytes at `data` (which must outlive it); NULL when out of memory.
CImageCodecs_PNG *CImageCodecs_pngCreate(const uint8_t *data, size_t length);

/// Destroys the reader (png_destroy_read_struct) and its scratch memory.
void CImageCodecs_pngDestroy(CImageCodecs_PNG *png);

/// Reads the signature and the chunks before the image data (png_read_info).
/// Returns CImageCodecs_statusTruncated when the bytes end first.
CImageCodecs_Status CImageCodecs_pngReadHeader(CImageCodecs_PNG *png, CImageCodecs_PNGHeader *header);

/// Decodes the image as 8-bit RGBA straight alpha into `pixels`, rows `stride` bytes apart:
/// palette and low bit depths expanded, tRNS to alpha, gray to RGB, Adam7 de-interlaced, and
/// 16-bit samples reduced exactly with (v * 255 + 32767) / 65535. Then reads to IEND.
CImageCodecs_Status CImageCodecs_pngReadRGBA(CImageCodecs_PNG *png, uint8_t *pixels, size_t stride);

/// The reason of the last failure (libpng's error message), or "".
const char *CImageCodecs_pngMessage(const CImageCodecs_PNG *png);

/// Encodes 8-bit RGBA rows (`stride` bytes apart) as a PNG in memory (png_write_*), with
/// `textCount` tEXt chunks written before IDAT: `text` holds "key\0value\0" pairs back to back.
/// `level` is zlib's 0-9. On success `*output` must be freed with CImageCodecs_free.
/// On failure `message` (of `messageCapacity` bytes) receives the reason.
CImageCodecs_Status CImageCodecs_pngEncodeRGBA(const uint8_t *pixels, uint32_t width,
                                               uint32_t height, size_t stride, const char *text,
                                               size_t textCount, int level, uint8_t **output,
                                               size_t *outputLength, char *message,
                                               size_t messageCapacity);

#endif
