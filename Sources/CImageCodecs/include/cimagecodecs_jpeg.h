#ifndef CIMAGECODECS_JPEG_H
#define CIMAGECODECS_JPEG_H

#include <stddef.h>
#include <stdint.h>

#include "cimagecodecs_status.h"

/// A libjpeg decompressor reading from memory, with its setjmp error recovery kept in C.
/// Opaque: jpeglib.h never appears in this module's public headers.
typedef struct CImageCodecs_JPEG CImageCodecs_JPEG;

/// The colour space the JPEG stores (libjpeg's J_COLOR_SPACE, as far as it matters here).
typedef enum {
  CImageCodecs_jpegUnknown = 0,
  CImageCodecs_jpegGrayscale = 1,
  CImageCodecs_jpegRGB = 2,
  CImageCodecs_jpegYCbCr = 3,
  CImageCodecs_jpegCMYK = 4,
  CImageCodecs_jpegYCCK = 5,
} CImageCodecs_JPEGColorSpace;

/// What jpeg_read_header found.
typedef struct {
  /// Stored (unrotated) size at full scale.
  uint32_t width;
  uint32_t height;
  int components;
  CImageCodecs_JPEGColorSpace colorSpace;
  int progressive;
  /// The TIFF block of the first APP1 "Exif\0\0" marker (the 6-byte prefix skipped), or NULL.
  /// It lies in the bytes given to CImageCodecs_jpegCreate (never copied).
  const uint8_t *exif;
  size_t exifLength;
} CImageCodecs_JPEGHeader;

/// Creates a decompressor over `length` bytes at `data` (which must outlive it).
/// `memoryLimit` caps libjpeg's big buffers (progressive coefficients), 0 for no cap.
/// Returns NULL only when out of memory.
CImageCodecs_JPEG *CImageCodecs_jpegCreate(const uint8_t *data, size_t length, size_t memoryLimit);

/// Destroys the decompressor and everything it allocated (jpeg_destroy_decompress).
void CImageCodecs_jpegDestroy(CImageCodecs_JPEG *jpeg);

/// Reads the markers up to the first scan (jpeg_read_header), saving APP1.
/// Returns CImageCodecs_statusTruncated when the bytes end before the header does.
CImageCodecs_Status CImageCodecs_jpegReadHeader(CImageCodecs_JPEG *jpeg,
                                                CImageCodecs_JPEGHeader *header);

/// The output size jpeg_start_decompress would give at scale 1/`scaleDenominator` (1, 2, 4, 8).
void CImageCodecs_jpegScaledSize(CImageCodecs_JPEG *jpeg, int scaleDenominator,
                                 uint32_t *width, uint32_t *height);

/// Starts decompression at scale 1/`scaleDenominator` with libjpeg's defaults (islow DCT,
/// fancy upsampling), and reports the output size. Call after the header.
CImageCodecs_Status CImageCodecs_jpegStart(CImageCodecs_JPEG *jpeg, int scaleDenominator,
                                           uint32_t *width, uint32_t *height);

/// Decodes every scanline as 8-bit RGBA (alpha 255) into `pixels`, rows `stride` bytes apart.
/// CMYK and YCCK (Adobe, inverted) become RGB as djpeg's PPM writer does it.
/// A premature end of data is an error unless `allowTruncated` is non-zero.
CImageCodecs_Status CImageCodecs_jpegReadRGBA(CImageCodecs_JPEG *jpeg, uint8_t *pixels,
                                              size_t stride, int allowTruncated);

/// Whether libjpeg warned of a premature end of data (only meaningful when allowed).
int CImageCodecs_jpegWasTruncated(const CImageCodecs_JPEG *jpeg);

/// The reason of the last failure (libjpeg's format_message), or "".
const char *CImageCodecs_jpegMessage(const CImageCodecs_JPEG *jpeg);

#endif
