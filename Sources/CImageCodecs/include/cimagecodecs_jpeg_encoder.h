#ifndef CIMAGECODECS_JPEG_ENCODER_H
#define CIMAGECODECS_JPEG_ENCODER_H

#include <stddef.h>
#include <stdint.h>

#include "cimagecodecs_status.h"

/// Encodes 8-bit RGBA rows (`stride` bytes apart) as a baseline JFIF JPEG in memory with
/// libjpeg's compress API (jpeg_mem_dest, jpeg_set_quality, jpeg_write_scanlines). Alpha is
/// dropped; `quality` is libjpeg's 1-100. On success `*output` must be freed with
/// CImageCodecs_free. On failure `message` (of `messageCapacity` bytes) receives the reason;
/// libjpeg errors are recovered with setjmp/longjmp inside this call.
CImageCodecs_Status CImageCodecs_jpegEncodeRGBA(const uint8_t *pixels, uint32_t width,
                                                uint32_t height, size_t stride, int quality,
                                                uint8_t **output, size_t *outputLength,
                                                char *message, size_t messageCapacity);

#endif
