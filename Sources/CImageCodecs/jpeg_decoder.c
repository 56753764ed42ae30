// libjpeg(-turbo) decompression from memory. Every libjpeg call runs under a setjmp set in the
// same function; error_exit formats libjpeg's message into the handle and longjmps back, so a
// bad file becomes a status and a string, never an exit() or a line on stderr.

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

#include "cimagecodecs_jpeg.h"

/// More scans than this in a progressive JPEG is an attack, not a photo (TurboJPEG's limit).
enum { kMaxScans = 500, kTooManyScans = -1 };

struct CImageCodecs_JPEG {
  struct jpeg_decompress_struct cinfo;
  struct jpeg_error_mgr errorManager;
  struct jpeg_source_mgr source;
  struct jpeg_progress_mgr progress;
  jmp_buf jump;
  const uint8_t *data;
  size_t length;
  /// The source ran out of bytes and fed a fake EOI.
  int ranOut;
  /// Turn the premature-end warning into an error.
  int strictEOF;
  /// libjpeg's msg_code of the failure, or kTooManyScans.
  int failingCode;
  /// 0 created, 1 header read, 2 decompression started, 3 failed.
  int stage;
  int convertCMYK;
  /// The data of the first APP1 segment that starts "Exif\0\0" (in `data`), or NULL.
  const uint8_t *exif;
  size_t exifLength;
  char message[JMSG_LENGTH_MAX + 32];
};

static const JOCTET fakeEOI[2] = {0xFF, JPEG_EOI};

static CImageCodecs_JPEG *handleOf(j_common_ptr cinfo) {
  return (CImageCodecs_JPEG *)cinfo->client_data;
}

// MARK: Error manager

static void errorExit(j_common_ptr cinfo) {
  CImageCodecs_JPEG *jpeg = handleOf(cinfo);
  jpeg->failingCode = cinfo->err->msg_code;
  (*cinfo->err->format_message)(cinfo, jpeg->message);
  longjmp(jpeg->jump, 1);
}

static void emitMessage(j_common_ptr cinfo, int level) {
  if (level >= 0) return;  // trace messages
  cinfo->err->num_warnings++;
  // Only running out of data is fatal; other warnings (extraneous bytes before a marker...)
  // are common in camera files and harmless.
  if (cinfo->err->msg_code == JWRN_JPEG_EOF && handleOf(cinfo)->strictEOF) errorExit(cinfo);
}

static void outputMessage(j_common_ptr cinfo) { (void)cinfo; }

static void progressMonitor(j_common_ptr cinfo) {
  if (!cinfo->is_decompressor) return;
  if (((j_decompress_ptr)cinfo)->input_scan_number > kMaxScans) {
    CImageCodecs_JPEG *jpeg = handleOf(cinfo);
    jpeg->failingCode = kTooManyScans;
    snprintf(jpeg->message, sizeof jpeg->message, "more than %d progressive scans", kMaxScans);
    longjmp(jpeg->jump, 1);
  }
}

// MARK: Memory source that remembers running dry (like jpeg_mem_src, plus the flag)

static void initSource(j_decompress_ptr cinfo) { (void)cinfo; }

static boolean fillInputBuffer(j_decompress_ptr cinfo) {
  handleOf((j_common_ptr)cinfo)->ranOut = 1;
  WARNMS(cinfo, JWRN_JPEG_EOF);
  cinfo->src->next_input_byte = fakeEOI;
  cinfo->src->bytes_in_buffer = 2;
  return TRUE;
}

static void skipInputData(j_decompress_ptr cinfo, long count) {
  struct jpeg_source_mgr *source = cinfo->src;
  if (count <= 0) return;
  while (count > (long)source->bytes_in_buffer) {
    count -= (long)source->bytes_in_buffer;
    (void)(*source->fill_input_buffer)(cinfo);
  }
  source->next_input_byte += count;
  source->bytes_in_buffer -= (size_t)count;
}

static void termSource(j_decompress_ptr cinfo) { (void)cinfo; }

// MARK: APP1 segments

/// The next byte of the source, refilling it as libjpeg's INPUT_BYTE does (the source never
/// suspends: past the end it feeds a fake EOI, and warns, which is fatal while the header is
/// read).
static unsigned nextByte(j_decompress_ptr cinfo) {
  struct jpeg_source_mgr *source = cinfo->src;
  if (source->bytes_in_buffer == 0) (void)(*source->fill_input_buffer)(cinfo);
  source->bytes_in_buffer--;
  return *source->next_input_byte++;
}

/// APP1's marker processor: remembers where the first Exif segment's data lies in the
/// caller's bytes and skips every APP1 segment. What jpeg_save_markers(APP1) then a look for
/// that segment did, without copying each segment (an XMP packet is often tens of KB) one byte
/// at a time into libjpeg's memory. A length word under 2 is skipped as save_marker skips it.
static boolean readAPP1(j_decompress_ptr cinfo) {
  CImageCodecs_JPEG *jpeg = handleOf((j_common_ptr)cinfo);
  unsigned high = nextByte(cinfo);
  long length = (long)((high << 8) + nextByte(cinfo)) - 2;
  if (length <= 0) return TRUE;
  struct jpeg_source_mgr *source = cinfo->src;
  if (jpeg->exif == NULL && length > 6 && source->bytes_in_buffer >= (size_t)length &&
      memcmp(source->next_input_byte, "Exif\0\0", 6) == 0) {
    jpeg->exif = source->next_input_byte + 6;
    jpeg->exifLength = (size_t)length - 6;
  }
  (*source->skip_input_data)(cinfo, length);
  return TRUE;
}

// MARK: Status

static CImageCodecs_Status failure(CImageCodecs_JPEG *jpeg) {
  jpeg->stage = 3;
  if (jpeg->ranOut) {
    snprintf(jpeg->message, sizeof jpeg->message, "Premature end of JPEG file");
    return CImageCodecs_statusTruncated;
  }
  switch (jpeg->failingCode) {
  case JERR_CONVERSION_NOTIMPL:
  case JERR_NOT_COMPILED:
  case JERR_NOTIMPL:
  case JERR_BAD_PRECISION:
  case JERR_ARITH_NOTIMPL:
  case JERR_CCIR601_NOTIMPL:
  case JERR_NO_ARITH_TABLE:
  case JERR_SOF_UNSUPPORTED:
    return CImageCodecs_statusUnsupported;
  case JERR_OUT_OF_MEMORY:
  case JERR_NO_BACKING_STORE:
  case JERR_IMAGE_TOO_BIG:
  case JERR_WIDTH_OVERFLOW:
    return CImageCodecs_statusTooLarge;
  default:
    return CImageCodecs_statusCorrupt;
  }
}

static CImageCodecs_Status misuse(CImageCodecs_JPEG *jpeg, const char *what) {
  snprintf(jpeg->message, sizeof jpeg->message, "%s", what);
  return CImageCodecs_statusMisuse;
}

// MARK: API

/// jpeg_create_decompress and the source, progress and marker settings; 0 if libjpeg failed.
static int setUpDecompressor(CImageCodecs_JPEG *jpeg, size_t memoryLimit) {
  if (setjmp(jpeg->jump)) return 0;
  jpeg_create_decompress(&jpeg->cinfo);
  jpeg->source.init_source = initSource;
  jpeg->source.fill_input_buffer = fillInputBuffer;
  jpeg->source.skip_input_data = skipInputData;
  jpeg->source.resync_to_restart = jpeg_resync_to_restart;
  jpeg->source.term_source = termSource;
  jpeg->source.next_input_byte = jpeg->data;
  jpeg->source.bytes_in_buffer = jpeg->length;
  jpeg->cinfo.src = &jpeg->source;
  jpeg->progress.progress_monitor = progressMonitor;
  jpeg->cinfo.progress = &jpeg->progress;
  if (memoryLimit > 0) jpeg->cinfo.mem->max_memory_to_use = (long)memoryLimit;
  jpeg_set_marker_processor(&jpeg->cinfo, JPEG_APP0 + 1, readAPP1);
  return 1;
}

CImageCodecs_JPEG *CImageCodecs_jpegCreate(const uint8_t *data, size_t length, size_t memoryLimit) {
  CImageCodecs_JPEG *jpeg = calloc(1, sizeof *jpeg);
  if (jpeg == NULL) return NULL;
  jpeg->data = data;
  jpeg->length = length;
  jpeg->cinfo.err = jpeg_std_error(&jpeg->errorManager);
  jpeg->errorManager.error_exit = errorExit;
  jpeg->errorManager.emit_message = emitMessage;
  jpeg->errorManager.output_message = outputMessage;
  jpeg->cinfo.client_data = jpeg;  // kept by jpeg_create_decompress
  if (!setUpDecompressor(jpeg, memoryLimit)) {
    jpeg_destroy_decompress(&jpeg->cinfo);
    free(jpeg);
    return NULL;
  }
  return jpeg;
}

void CImageCodecs_jpegDestroy(CImageCodecs_JPEG *jpeg) {
  if (jpeg == NULL) return;
  jpeg_destroy_decompress(&jpeg->cinfo);
  free(jpeg);
}

static CImageCodecs_JPEGColorSpace colorSpaceOf(J_COLOR_SPACE space) {
  switch (space) {
  case JCS_GRAYSCALE: return CImageCodecs_jpegGrayscale;
  case JCS_RGB: return CImageCodecs_jpegRGB;
  case JCS_YCbCr: return CImageCodecs_jpegYCbCr;
  case JCS_CMYK: return CImageCodecs_jpegCMYK;
  case JCS_YCCK: return CImageCodecs_jpegYCCK;
  default: return CImageCodecs_jpegUnknown;
  }
}

CImageCodecs_Status CImageCodecs_jpegReadHeader(CImageCodecs_JPEG *jpeg,
                                                CImageCodecs_JPEGHeader *header) {
  memset(header, 0, sizeof *header);
  if (jpeg->stage != 0) return misuse(jpeg, "JPEG header read twice");
  jpeg->strictEOF = 1;
  if (setjmp(jpeg->jump)) return failure(jpeg);
  (void)jpeg_read_header(&jpeg->cinfo, TRUE);
  jpeg->stage = 1;
  struct jpeg_decompress_struct *cinfo = &jpeg->cinfo;
  header->width = cinfo->image_width;
  header->height = cinfo->image_height;
  header->components = cinfo->num_components;
  header->colorSpace = colorSpaceOf(cinfo->jpeg_color_space);
  header->progressive = cinfo->progressive_mode ? 1 : 0;
  header->exif = jpeg->exif;
  header->exifLength = jpeg->exifLength;
  return CImageCodecs_statusOK;
}

static unsigned scaledSide(unsigned side, int denominator) {
  return (side + (unsigned)denominator - 1) / (unsigned)denominator;
}

void CImageCodecs_jpegScaledSize(CImageCodecs_JPEG *jpeg, int scaleDenominator, uint32_t *width,
                                 uint32_t *height) {
  *width = scaledSide(jpeg->cinfo.image_width, scaleDenominator);
  *height = scaledSide(jpeg->cinfo.image_height, scaleDenominator);
}

CImageCodecs_Status CImageCodecs_jpegStart(CImageCodecs_JPEG *jpeg, int scaleDenominator,
                                           uint32_t *width, uint32_t *height) {
  *width = 0;
  *height = 0;
  if (jpeg->stage != 1) return misuse(jpeg, "JPEG decompression started out of order");
  if (scaleDenominator != 1 && scaleDenominator != 2 && scaleDenominator != 4 &&
      scaleDenominator != 8) {
    return misuse(jpeg, "JPEG scale must be 1/1, 1/2, 1/4 or 1/8");
  }
  jpeg->strictEOF = 1;
  if (setjmp(jpeg->jump)) return failure(jpeg);
  struct jpeg_decompress_struct *cinfo = &jpeg->cinfo;
  cinfo->scale_num = 1;
  cinfo->scale_denom = (unsigned)scaleDenominator;
  if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
    // libjpeg-turbo 2.1 cannot convert CMYK to RGB: take CMYK and convert below.
    cinfo->out_color_space = JCS_CMYK;
    jpeg->convertCMYK = 1;
  } else {
    cinfo->out_color_space = JCS_EXT_RGBA;
  }
  (void)jpeg_start_decompress(cinfo);
  jpeg->stage = 2;
  *width = cinfo->output_width;
  *height = cinfo->output_height;
  return CImageCodecs_statusOK;
}

/// Adobe CMYK is stored inverted, so R = C·K/255 with rounding, exactly as libjpeg-turbo's
/// cmyk.h does for djpeg's PPM output: (JSAMPLE)(c * k / 255.0 + 0.5).
static void cmykRowToRGBA(const JSAMPLE *cmyk, uint8_t *rgba, JDIMENSION width) {
  for (JDIMENSION x = 0; x < width; x++) {
    unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
    rgba[0] = (uint8_t)((2 * c * k + 255) / 510);
    rgba[1] = (uint8_t)((2 * m * k + 255) / 510);
    rgba[2] = (uint8_t)((2 * y * k + 255) / 510);
    rgba[3] = 255;
    cmyk += 4;
    rgba += 4;
  }
}

CImageCodecs_Status CImageCodecs_jpegReadRGBA(CImageCodecs_JPEG *jpeg, uint8_t *pixels,
                                              size_t stride, int allowTruncated) {
  if (jpeg->stage != 2) return misuse(jpeg, "JPEG scanlines read out of order");
  struct jpeg_decompress_struct *cinfo = &jpeg->cinfo;
  if (stride < (size_t)cinfo->output_width * 4) return misuse(jpeg, "row stride too small");
  jpeg->strictEOF = allowTruncated ? 0 : 1;
  if (setjmp(jpeg->jump)) return failure(jpeg);
  JSAMPARRAY cmykRow = NULL;
  if (jpeg->convertCMYK) {
    // Pool memory: freed by jpeg_destroy_decompress even after a longjmp.
    cmykRow = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE,
                                          cinfo->output_width * 4, 1);
  }
  while (cinfo->output_scanline < cinfo->output_height) {
    uint8_t *row = pixels + (size_t)cinfo->output_scanline * stride;
    if (cmykRow != NULL) {
      if (jpeg_read_scanlines(cinfo, cmykRow, 1) != 1) continue;
      cmykRowToRGBA(cmykRow[0], row, cinfo->output_width);
    } else {
      JSAMPROW rows[1] = {row};
      (void)jpeg_read_scanlines(cinfo, rows, 1);
    }
  }
  jpeg->stage = 3;
  return CImageCodecs_statusOK;
}

int CImageCodecs_jpegWasTruncated(const CImageCodecs_JPEG *jpeg) { return jpeg->ranOut; }

const char *CImageCodecs_jpegMessage(const CImageCodecs_JPEG *jpeg) { return jpeg->message; }
