#ifndef CIMAGECODECS_GIF_H
#define CIMAGECODECS_GIF_H

#include <stddef.h>
#include <stdint.h>

#include "cimagecodecs_status.h"

/// A giflib reader over memory (DGifOpen with a memory read function) and a frame compositor.
/// Opaque: gif_lib.h never appears in this module's public headers.
typedef struct CImageCodecs_GIF CImageCodecs_GIF;

/// What the records say, read without decompressing any image data.
typedef struct {
  /// The logical screen (canvas) size.
  uint32_t width;
  uint32_t height;
  uint32_t frameCount;
  /// Whether any frame has a transparent colour index.
  int hasTransparency;
} CImageCodecs_GIFHeader;

/// Creates a reader over `length` bytes at `data` (which must outlive it); NULL when out of memory.
CImageCodecs_GIF *CImageCodecs_gifCreate(const uint8_t *data, size_t length);

/// Destroys the reader (DGifCloseFile) and its canvas.
void CImageCodecs_gifDestroy(CImageCodecs_GIF *gif);

/// Walks every record (image data skipped block by block, not decompressed) to count frames and
/// read their delays. Returns CImageCodecs_statusTruncated when the bytes end first.
CImageCodecs_Status CImageCodecs_gifReadHeader(CImageCodecs_GIF *gif, CImageCodecs_GIFHeader *header);

/// The delay of frame `index` (from 0) in hundredths of a second, from its graphic control
/// extension (0 when it has none).
int CImageCodecs_gifFrameDelay(const CImageCodecs_GIF *gif, uint32_t index);

/// Decodes the next frame (interlacing, local or global palette, transparent index) onto the
/// canvas, which starts fully transparent, after applying the previous frame's disposal; then
/// copies the canvas as 8-bit RGBA into `pixels`, rows `stride` bytes apart.
/// CImageCodecs_statusMisuse when there is no frame left.
CImageCodecs_Status CImageCodecs_gifNextFrame(CImageCodecs_GIF *gif, uint8_t *pixels,
                                              size_t stride);

/// The reason of the last failure (giflib's GifErrorString), or "".
const char *CImageCodecs_gifMessage(const CImageCodecs_GIF *gif);

#endif
