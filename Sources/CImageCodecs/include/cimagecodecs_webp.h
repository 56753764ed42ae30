#ifndef CIMAGECODECS_WEBP_H
#define CIMAGECODECS_WEBP_H

#include <stddef.h>
#include <stdint.h>

#include "cimagecodecs_status.h"

/// A libwebp demuxer over memory, and for animations libwebpdemux's frame compositor
/// (WebPAnimDecoder). Opaque: libwebp's headers never appear in this module's public headers.
typedef struct CImageCodecs_WebP CImageCodecs_WebP;

/// What the RIFF chunks say (WebPDemux), read without decoding pixels.
typedef struct {
  /// The canvas size.
  uint32_t width;
  uint32_t height;
  int hasAlpha;
  int isAnimated;
  int isLossless;
  uint32_t frameCount;
  /// 0 means forever.
  uint32_t loopCount;
  /// The EXIF chunk's TIFF block, or NULL; valid until CImageCodecs_webpDestroy.
  const uint8_t *exif;
  size_t exifLength;
} CImageCodecs_WebPHeader;

/// Creates a reader over `length` bytes at `data` (which must outlive it); NULL when out of memory.
CImageCodecs_WebP *CImageCodecs_webpCreate(const uint8_t *data, size_t length);

/// Destroys the reader, its demuxer and its compositor.
void CImageCodecs_webpDestroy(CImageCodecs_WebP *webp);

/// Parses every chunk. Returns CImageCodecs_statusTruncated when the bytes end first.
CImageCodecs_Status CImageCodecs_webpReadHeader(CImageCodecs_WebP *webp,
                                                CImageCodecs_WebPHeader *header);

/// The display time of frame `index` (from 0) in milliseconds, as written in its ANMF chunk.
/// Walks the frame list from its start: use CImageCodecs_webpFrameDurations for all of them.
int CImageCodecs_webpFrameDuration(const CImageCodecs_WebP *webp, uint32_t index);

/// The display times in milliseconds of the first `capacity` frames, in one walk of the frame
/// list, into `durations`. Returns how many were written (fewer when there are fewer frames).
uint32_t CImageCodecs_webpFrameDurations(const CImageCodecs_WebP *webp, int32_t *durations,
                                         uint32_t capacity);

/// Decodes a still image (WebPDecodeRGBAInto: fancy upsampling, straight alpha, as dwebp) into
/// `pixels`, the canvas size, rows `stride` bytes apart.
CImageCodecs_Status CImageCodecs_webpDecodeStill(CImageCodecs_WebP *webp, uint8_t *pixels,
                                                 size_t stride);

/// Composes the next frame of an animation on the canvas (disposal and blending applied,
/// transparent background) and copies the canvas into `pixels`; `*timestampMs` receives its
/// end time. CImageCodecs_statusMisuse when there is no frame left.
CImageCodecs_Status CImageCodecs_webpNextFrame(CImageCodecs_WebP *webp, uint8_t *pixels,
                                               size_t stride, int *timestampMs);

/// The reason of the last failure, or "".
const char *CImageCodecs_webpMessage(const CImageCodecs_WebP *webp);

#endif
