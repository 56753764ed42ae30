// libpng reading from memory with the classic API (png_read_info / png_read_row), because the
// simplified png_image API treats 16-bit data as linear light. libpng's errors come back through
// errorHandler, which copies the message and longjmps to the setjmp of the calling function.

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "cimagecodecs_png.h"

/// Ancillary chunks bigger than this (an absurd iCCP or zTXt) are refused, not allocated.
enum { kChunkMallocMax = 16 * 1024 * 1024 };

struct CImageCodecs_PNG {
  png_structp png;
  png_infop info;
  jmp_buf jump;
  const uint8_t *data;
  size_t length;
  size_t offset;
  /// The reader asked for bytes past the end.
  int ranOut;
  /// 0 created, 1 header read, 2 done or failed.
  int stage;
  /// Scratch memory (row pointers, 16-bit rows), freed by destroy even after a longjmp.
  void *scratch;
  void *rows;
  char message[256];
};

static void errorHandler(png_structp png, png_const_charp message) {
  CImageCodecs_PNG *reader = png_get_error_ptr(png);
  snprintf(reader->message, sizeof reader->message, "%s", message ? message : "libpng error");
  longjmp(reader->jump, 1);
}

static void warningHandler(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static void readFromMemory(png_structp png, png_bytep out, size_t count) {
  CImageCodecs_PNG *reader = png_get_io_ptr(png);
  if (count > reader->length - reader->offset) {
    reader->ranOut = 1;
    png_error(png, "unexpected end of PNG data");
  }
  memcpy(out, reader->data + reader->offset, count);
  reader->offset += count;
}

static CImageCodecs_Status failure(CImageCodecs_PNG *reader) {
  reader->stage = 2;
  if (reader->ranOut) return CImageCodecs_statusTruncated;
  if (strstr(reader->message, "memory") != NULL || strstr(reader->message, "too large") != NULL) {
    return CImageCodecs_statusTooLarge;
  }
  return CImageCodecs_statusCorrupt;
}

static CImageCodecs_Status misuse(CImageCodecs_PNG *reader, const char *what) {
  snprintf(reader->message, sizeof reader->message, "%s", what);
  return CImageCodecs_statusMisuse;
}

CImageCodecs_PNG *CImageCodecs_pngCreate(const uint8_t *data, size_t length) {
  CImageCodecs_PNG *reader = calloc(1, sizeof *reader);
  if (reader == NULL) return NULL;
  reader->data = data;
  reader->length = length;
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, errorHandler, warningHandler);
  if (reader->png == NULL) {
    free(reader);
    return NULL;
  }
  reader->info = png_create_info_struct(reader->png);
  if (reader->info == NULL) {
    png_destroy_read_struct(&reader->png, NULL, NULL);
    free(reader);
    return NULL;
  }
  png_set_read_fn(reader->png, reader, readFromMemory);
  png_set_chunk_malloc_max(reader->png, kChunkMallocMax);
  return reader;
}

void CImageCodecs_pngDestroy(CImageCodecs_PNG *reader) {
  if (reader == NULL) return;
  png_destroy_read_struct(&reader->png, &reader->info, NULL);
  free(reader->scratch);
  free(reader->rows);
  free(reader);
}

CImageCodecs_Status CImageCodecs_pngReadHeader(CImageCodecs_PNG *reader,
                                               CImageCodecs_PNGHeader *header) {
  memset(header, 0, sizeof *header);
  if (reader->stage != 0) return misuse(reader, "PNG header read twice");
  if (setjmp(reader->jump)) return failure(reader);
  png_read_info(reader->png, reader->info);
  reader->stage = 1;
  png_uint_32 width = 0, height = 0;
  int bitDepth = 0, colorType = 0, interlace = 0;
  png_get_IHDR(reader->png, reader->info, &width, &height, &bitDepth, &colorType, &interlace, NULL,
               NULL);
  header->width = width;
  header->height = height;
  header->bitDepth = bitDepth;
  header->colorType = colorType;
  header->interlaced = interlace != PNG_INTERLACE_NONE;
  header->hasTransparency = png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) ? 1 : 0;
#ifdef PNG_eXIf_SUPPORTED
  png_uint_32 exifLength = 0;
  png_bytep exif = NULL;
  if (png_get_eXIf_1(reader->png, reader->info, &exifLength, &exif) && exif != NULL) {
    header->exif = exif;
    header->exifLength = exifLength;
  }
#endif
  return CImageCodecs_statusOK;
}

/// (v * 255 + 32767) / 65535: the exact rounding of v / 257, for big-endian 16-bit samples.
static void reduce16(const uint8_t *in, uint8_t *out, size_t samples) {
  for (size_t i = 0; i < samples; i++) {
    uint32_t value = ((uint32_t)in[2 * i] << 8) | in[2 * i + 1];
    out[i] = (uint8_t)((value * 255 + 32767) / 65535);
  }
}

CImageCodecs_Status CImageCodecs_pngReadRGBA(CImageCodecs_PNG *reader, uint8_t *pixels,
                                             size_t stride) {
  if (reader->stage != 1) return misuse(reader, "PNG pixels read out of order");
  png_structp png = reader->png;
  png_infop info = reader->info;
  png_uint_32 width = png_get_image_width(png, info);
  png_uint_32 height = png_get_image_height(png, info);
  if (stride < (size_t)width * 4) return misuse(reader, "row stride too small");
  if (setjmp(reader->jump)) return failure(reader);
  int colorType = png_get_color_type(png, info);
  int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
  png_set_expand(png);  // palette to RGB, gray below 8 bits to 8, tRNS to alpha
  png_set_gray_to_rgb(png);
  if (!(colorType & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
    png_set_add_alpha(png, 0xFFFF, PNG_FILLER_AFTER);
  }
  (void)png_set_interlace_handling(png);
  png_read_update_info(png, info);
  int depth = png_get_bit_depth(png, info);
  size_t rowBytes = png_get_rowbytes(png, info);
  if ((depth != 8 && depth != 16) || rowBytes != (size_t)width * 4 * (size_t)(depth / 8)) {
    png_error(png, "unexpected row layout after transforms");
  }
  if (depth == 8) {
    reader->rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (reader->rows == NULL) png_error(png, "out of memory for row pointers");
    png_bytepp rows = reader->rows;
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * stride;
    png_read_image(png, rows);
  } else if (interlaced) {
    // Adam7 passes revisit every row: keep the whole 16-bit image, then reduce it.
    reader->scratch = malloc(rowBytes * (height ? height : 1));
    reader->rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (reader->scratch == NULL || reader->rows == NULL) png_error(png, "out of memory");
    png_bytepp rows = reader->rows;
    for (png_uint_32 y = 0; y < height; y++) rows[y] = (png_bytep)reader->scratch + y * rowBytes;
    png_read_image(png, rows);
    for (png_uint_32 y = 0; y < height; y++) {
      reduce16(rows[y], pixels + (size_t)y * stride, (size_t)width * 4);
    }
  } else {
    reader->scratch = malloc(rowBytes);
    if (reader->scratch == NULL) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) {
      png_read_row(png, reader->scratch, NULL);
      reduce16(reader->scratch, pixels + (size_t)y * stride, (size_t)width * 4);
    }
  }
  png_read_end(png, NULL);  // checks the remaining CRCs and that IEND is there
  reader->stage = 2;
  return CImageCodecs_statusOK;
}

const char *CImageCodecs_pngMessage(const CImageCodecs_PNG *reader) { return reader->message; }
