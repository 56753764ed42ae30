// JPEG encoding into memory with libjpeg's compress API. Every libjpeg call runs under a setjmp
// set in this function; error_exit formats libjpeg's message for the caller and longjmps back,
// so a failure becomes a status and a string, never an exit() or a line on stderr.

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "cimagecodecs_jpeg_encoder.h"

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  char *message;
  size_t messageCapacity;
} EncoderError;

static void encoderErrorExit(j_common_ptr cinfo) {
  EncoderError *error = (EncoderError *)cinfo->err;
  char buffer[JMSG_LENGTH_MAX];
  (*cinfo->err->format_message)(cinfo, buffer);
  if (error->messageCapacity > 0) snprintf(error->message, error->messageCapacity, "%s", buffer);
  longjmp(error->jump, 1);
}

static void encoderOutputMessage(j_common_ptr cinfo) { (void)cinfo; }

CImageCodecs_Status CImageCodecs_jpegEncodeRGBA(const uint8_t *pixels, uint32_t width,
                                                uint32_t height, size_t stride, int quality,
                                                uint8_t **output, size_t *outputLength,
                                                char *message, size_t messageCapacity) {
  *output = NULL;
  *outputLength = 0;
  if (messageCapacity > 0) message[0] = '\0';
  if (pixels == NULL || width == 0 || height == 0 || width > JPEG_MAX_DIMENSION ||
      height > JPEG_MAX_DIMENSION || stride < (size_t)width * 4 || quality < 1 || quality > 100) {
    if (messageCapacity > 0) {
      snprintf(message, messageCapacity, "cannot encode a %ux%u image at quality %d", width,
               height, quality);
    }
    return CImageCodecs_statusMisuse;
  }
  struct jpeg_compress_struct cinfo;
  EncoderError error;
  // jpeg_mem_dest keeps these up to date through their addresses (so they stay in memory
  // across the longjmp); the buffer is malloc'ed by libjpeg and ours to free.
  unsigned char *destination = NULL;
  unsigned long length = 0;
  JSAMPLE *row = malloc((size_t)width * 3);
  if (row == NULL) return CImageCodecs_statusTooLarge;
  memset(&cinfo, 0, sizeof cinfo);
  cinfo.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = encoderErrorExit;
  error.manager.output_message = encoderOutputMessage;
  error.message = message;
  error.messageCapacity = messageCapacity;
  if (setjmp(error.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(destination);
    free(row);
    return CImageCodecs_statusCorrupt;
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, &destination, &length);
  cinfo.image_width = width;
  cinfo.image_height = height;
  cinfo.input_components = 3;
  cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    const uint8_t *source = pixels + (size_t)cinfo.next_scanline * stride;
    for (uint32_t x = 0; x < width; x++) {
      row[x * 3] = source[x * 4];
      row[x * 3 + 1] = source[x * 4 + 1];
      row[x * 3 + 2] = source[x * 4 + 2];
    }
    JSAMPROW rows[1] = {row};
    jpeg_write_scanlines(&cinfo, rows, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  free(row);
  *output = destination;
  *outputLength = length;
  return CImageCodecs_statusOK;
}
