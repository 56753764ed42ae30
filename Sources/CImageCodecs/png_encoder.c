// PNG encoding into memory with libpng's write API: 8-bit RGBA, tEXt chunks before IDAT.

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "cimagecodecs_png.h"

typedef struct {
  jmp_buf jump;
  uint8_t *bytes;
  size_t length;
  size_t capacity;
  png_textp texts;
  char *message;
  size_t messageCapacity;
} Writer;

static void writerError(png_structp png, png_const_charp message) {
  Writer *writer = png_get_error_ptr(png);
  if (writer->messageCapacity > 0) {
    snprintf(writer->message, writer->messageCapacity, "%s", message ? message : "libpng error");
  }
  longjmp(writer->jump, 1);
}

static void writerWarning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static void writeToMemory(png_structp png, png_bytep data, size_t count) {
  Writer *writer = png_get_io_ptr(png);
  if (count > writer->capacity - writer->length) {
    size_t capacity = writer->capacity ? writer->capacity : 4096;
    while (capacity - writer->length < count) {
      if (capacity > SIZE_MAX / 2) png_error(png, "PNG too large for memory");
      capacity *= 2;
    }
    uint8_t *grown = realloc(writer->bytes, capacity);
    if (grown == NULL) png_error(png, "out of memory");
    writer->bytes = grown;
    writer->capacity = capacity;
  }
  memcpy(writer->bytes + writer->length, data, count);
  writer->length += count;
}

static void flushMemory(png_structp png) { (void)png; }

void CImageCodecs_free(void *pointer) { free(pointer); }

CImageCodecs_Status CImageCodecs_pngEncodeRGBA(const uint8_t *pixels, uint32_t width,
                                               uint32_t height, size_t stride, const char *text,
                                               size_t textCount, int level, uint8_t **output,
                                               size_t *outputLength, char *message,
                                               size_t messageCapacity) {
  *output = NULL;
  *outputLength = 0;
  if (messageCapacity > 0) message[0] = '\0';
  if (width == 0 || height == 0 || stride < (size_t)width * 4 || level < 0 || level > 9) {
    if (messageCapacity > 0) {
      snprintf(message, messageCapacity, "cannot encode a %ux%u image at level %d", width, height,
               level);
    }
    return CImageCodecs_statusMisuse;
  }
  Writer *writer = calloc(1, sizeof *writer);
  if (writer == NULL) return CImageCodecs_statusTooLarge;
  writer->message = message;
  writer->messageCapacity = messageCapacity;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer, writerError,
                                            writerWarning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    free(writer);
    return CImageCodecs_statusTooLarge;
  }
  if (setjmp(writer->jump)) {
    png_destroy_write_struct(&png, &info);
    free(writer->bytes);
    free(writer->texts);
    free(writer);
    return CImageCodecs_statusCorrupt;
  }
  png_set_write_fn(png, writer, writeToMemory, flushMemory);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, level);
  if (textCount > 0) {
    writer->texts = calloc(textCount, sizeof(png_text));
    if (writer->texts == NULL) png_error(png, "out of memory");
    const char *cursor = text;
    for (size_t i = 0; i < textCount; i++) {
      writer->texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
      writer->texts[i].key = (png_charp)cursor;
      cursor += strlen(cursor) + 1;
      writer->texts[i].text = (png_charp)cursor;
      writer->texts[i].text_length = strlen(cursor);
      cursor += strlen(cursor) + 1;
    }
    png_set_text(png, info, writer->texts, (int)textCount);
  }
  png_write_info(png, info);  // IHDR and the tEXt chunks, before any IDAT
  for (uint32_t y = 0; y < height; y++) {
    png_write_row(png, pixels + (size_t)y * stride);
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  *output = writer->bytes;
  *outputLength = writer->length;
  free(writer->texts);
  free(writer);
  return CImageCodecs_statusOK;
}
