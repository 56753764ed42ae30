// libheif reading from memory: the primary image (tile grids, irot/imir/clap applied by libheif)
// or its embedded thumbnail, decoded to interleaved RGB(A) at the file's own bit depth and
// reduced to 8 bits here with rounding. libheif reports errors as values; nothing here exits.

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

#include "cimagecodecs_heif.h"

struct CImageCodecs_HEIF {
  struct heif_context *context;
  struct heif_image_handle *primary;
  struct heif_image_handle *thumbnail;
  struct heif_image *image;
  const uint8_t *data;
  size_t length;
  uint8_t *exif;
  char message[256];
};

static pthread_once_t initOnce = PTHREAD_ONCE_INIT;

/// Loads libheif's decoder plugins once per process; they stay loaded until exit.
static void initialize(void) { heif_init(NULL); }

static CImageCodecs_Status failWith(CImageCodecs_HEIF *heif, struct heif_error error) {
  snprintf(heif->message, sizeof heif->message, "%s",
           error.message && error.message[0] ? error.message : "libheif error");
  switch (error.code) {
  case heif_error_Unsupported_filetype:
  case heif_error_Unsupported_feature:
    return CImageCodecs_statusUnsupported;
  case heif_error_Memory_allocation_error:
    return CImageCodecs_statusTooLarge;
  case heif_error_Invalid_input:
    if (error.subcode == heif_suberror_End_of_data) return CImageCodecs_statusTruncated;
    if (error.subcode == heif_suberror_Security_limit_exceeded) return CImageCodecs_statusTooLarge;
    return CImageCodecs_statusCorrupt;
  case heif_error_Decoder_plugin_error:
    if (error.subcode == heif_suberror_End_of_data) return CImageCodecs_statusTruncated;
    return CImageCodecs_statusCorrupt;
  default:
    return CImageCodecs_statusCorrupt;
  }
}

static CImageCodecs_Status failText(CImageCodecs_HEIF *heif, CImageCodecs_Status status,
                                    const char *text) {
  snprintf(heif->message, sizeof heif->message, "%s", text);
  return status;
}

/// Whether the top-level ISOBMFF boxes of `data` run past `length` (a prefix of a longer file).
/// A box whose type is not four printable characters means garbage, not a prefix.
static int boxesRunPastEnd(const uint8_t *data, size_t length) {
  size_t offset = 0;
  while (offset + 8 <= length) {
    for (int i = 4; i < 8; i++) {
      if (data[offset + i] < 0x20 || data[offset + i] > 0x7E) return 0;
    }
    uint64_t size = (uint64_t)data[offset] << 24 | (uint64_t)data[offset + 1] << 16 |
                    (uint64_t)data[offset + 2] << 8 | data[offset + 3];
    if (size == 1) {
      if (offset + 16 > length) return 1;
      size = 0;
      for (int i = 8; i < 16; i++) size = size << 8 | data[offset + i];
    } else if (size == 0) {
      return 0;
    }
    if (size < 8) return 0;
    if (size > length - offset) return 1;
    offset += size;
  }
  return offset < length;
}

CImageCodecs_HEIF *CImageCodecs_heifCreate(const uint8_t *data, size_t length, uint64_t maxPixels,
                                           uint64_t maxMemoryBlock, int threads) {
  pthread_once(&initOnce, initialize);
  CImageCodecs_HEIF *heif = calloc(1, sizeof *heif);
  if (heif == NULL) return NULL;
  heif->context = heif_context_alloc();
  if (heif->context == NULL) {
    free(heif);
    return NULL;
  }
  heif->data = data;
  heif->length = length;
  struct heif_security_limits *limits = heif_context_get_security_limits(heif->context);
  if (limits != NULL) {
    if (maxPixels > 0) limits->max_image_size_pixels = maxPixels;
    if (maxMemoryBlock > 0) limits->max_memory_block_size = maxMemoryBlock;
  }
  if (threads > 0) heif_context_set_max_decoding_threads(heif->context, threads);
  return heif;
}

void CImageCodecs_heifDestroy(CImageCodecs_HEIF *heif) {
  if (heif == NULL) return;
  if (heif->image) heif_image_release(heif->image);
  if (heif->thumbnail) heif_image_handle_release(heif->thumbnail);
  if (heif->primary) heif_image_handle_release(heif->primary);
  heif_context_free(heif->context);
  free(heif->exif);
  free(heif);
}

/// Reads the Exif item of the primary image into heif->exif (TIFF block only).
static void readExif(CImageCodecs_HEIF *heif, CImageCodecs_HEIFHeader *header) {
  heif_item_id id = 0;
  if (heif_image_handle_get_list_of_metadata_block_IDs(heif->primary, "Exif", &id, 1) < 1) return;
  size_t size = heif_image_handle_get_metadata_size(heif->primary, id);
  if (size < 4 || size > 16 * 1024 * 1024) return;
  uint8_t *block = malloc(size);
  if (block == NULL) return;
  struct heif_error error = heif_image_handle_get_metadata(heif->primary, id, block);
  if (error.code != heif_error_Ok) {
    free(block);
    header->exifTruncated = boxesRunPastEnd(heif->data, heif->length);
    return;
  }
  // The block starts with a 32-bit big-endian offset from its end to the TIFF header.
  size_t skip = (size_t)block[0] << 24 | (size_t)block[1] << 16 | (size_t)block[2] << 8 | block[3];
  if (skip > size - 4) {
    free(block);
    return;
  }
  heif->exif = block;
  header->exif = block + 4 + skip;
  header->exifLength = size - 4 - skip;
}

CImageCodecs_Status CImageCodecs_heifReadHeader(CImageCodecs_HEIF *heif,
                                                CImageCodecs_HEIFHeader *header) {
  memset(header, 0, sizeof *header);
  if (heif->primary != NULL) return failText(heif, CImageCodecs_statusMisuse, "header read twice");
  struct heif_error error =
      heif_context_read_from_memory_without_copy(heif->context, heif->data, heif->length, NULL);
  if (error.code == heif_error_Ok) {
    error = heif_context_get_primary_image_handle(heif->context, &heif->primary);
  }
  if (error.code != heif_error_Ok) {
    // A well-formed box running past the end means "read more"; anything else is corrupt.
    CImageCodecs_Status status = failWith(heif, error);
    if (boxesRunPastEnd(heif->data, heif->length)) return CImageCodecs_statusTruncated;
    return status == CImageCodecs_statusTruncated ? CImageCodecs_statusCorrupt : status;
  }
  int width = heif_image_handle_get_width(heif->primary);
  int height = heif_image_handle_get_height(heif->primary);
  if (width <= 0 || height <= 0) {
    return failText(heif, CImageCodecs_statusCorrupt, "primary image has no size");
  }
  header->width = (uint32_t)width;
  header->height = (uint32_t)height;
  header->bitDepth = heif_image_handle_get_luma_bits_per_pixel(heif->primary);
  header->hasAlpha = heif_image_handle_has_alpha_channel(heif->primary);

  int count = heif_image_handle_get_number_of_thumbnails(heif->primary);
  if (count > 0) {
    heif_item_id ids[8];
    if (count > 8) count = 8;
    count = heif_image_handle_get_list_of_thumbnail_IDs(heif->primary, ids, count);
    uint64_t bestArea = 0;
    for (int i = 0; i < count; i++) {
      struct heif_image_handle *thumbnail = NULL;
      if (heif_image_handle_get_thumbnail(heif->primary, ids[i], &thumbnail).code != heif_error_Ok) {
        continue;
      }
      int w = heif_image_handle_get_width(thumbnail);
      int h = heif_image_handle_get_height(thumbnail);
      uint64_t area = w > 0 && h > 0 ? (uint64_t)w * (uint64_t)h : 0;
      if (area > bestArea) {
        bestArea = area;
        if (heif->thumbnail) heif_image_handle_release(heif->thumbnail);
        heif->thumbnail = thumbnail;
        header->thumbnailWidth = (uint32_t)w;
        header->thumbnailHeight = (uint32_t)h;
      } else {
        heif_image_handle_release(thumbnail);
      }
    }
  }
  readExif(heif, header);
  return CImageCodecs_statusOK;
}

CImageCodecs_Status CImageCodecs_heifDecode(CImageCodecs_HEIF *heif, int useThumbnail,
                                            uint32_t *width, uint32_t *height) {
  *width = 0;
  *height = 0;
  struct heif_image_handle *handle = useThumbnail ? heif->thumbnail : heif->primary;
  if (handle == NULL || heif->image != NULL) {
    return failText(heif, CImageCodecs_statusMisuse, "decode without header or twice");
  }
  int alpha = heif_image_handle_has_alpha_channel(handle);
  int deep = heif_image_handle_get_luma_bits_per_pixel(handle) > 8;
  enum heif_chroma chroma;
  if (deep) {
    chroma = alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE;
  } else {
    chroma = alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB;
  }
  struct heif_decoding_options *options = heif_decoding_options_alloc();
  if (options == NULL) return failText(heif, CImageCodecs_statusTooLarge, "out of memory");
  options->strict_decoding = 1;
  struct heif_error error =
      heif_decode_image(handle, &heif->image, heif_colorspace_RGB, chroma, options);
  heif_decoding_options_free(options);
  if (error.code != heif_error_Ok) {
    if (heif->image) {
      heif_image_release(heif->image);
      heif->image = NULL;
    }
    return failWith(heif, error);
  }
  int w = heif_image_get_width(heif->image, heif_channel_interleaved);
  int h = heif_image_get_height(heif->image, heif_channel_interleaved);
  if (w <= 0 || h <= 0) return failText(heif, CImageCodecs_statusCorrupt, "decoded image is empty");
  *width = (uint32_t)w;
  *height = (uint32_t)h;
  return CImageCodecs_statusOK;
}

CImageCodecs_Status CImageCodecs_heifCopyRGBA(CImageCodecs_HEIF *heif, uint8_t *pixels,
                                              size_t stride) {
  if (heif->image == NULL) return failText(heif, CImageCodecs_statusMisuse, "copy before decode");
  int w = heif_image_get_width(heif->image, heif_channel_interleaved);
  int h = heif_image_get_height(heif->image, heif_channel_interleaved);
  enum heif_chroma chroma = heif_image_get_chroma_format(heif->image);
  int sourceStride = 0;
  const uint8_t *source = heif_image_get_plane_readonly(heif->image, heif_channel_interleaved,
                                                        &sourceStride);
  if (source == NULL) return failText(heif, CImageCodecs_statusCorrupt, "no interleaved plane");
  int channels = (chroma == heif_chroma_interleaved_RGBA ||
                  chroma == heif_chroma_interleaved_RRGGBBAA_LE)
                     ? 4
                     : 3;
  int deep = chroma == heif_chroma_interleaved_RRGGBB_LE ||
             chroma == heif_chroma_interleaved_RRGGBBAA_LE;
  if (!deep) {
    for (int y = 0; y < h; y++) {
      const uint8_t *in = source + (size_t)y * (size_t)sourceStride;
      uint8_t *out = pixels + (size_t)y * stride;
      if (channels == 4) {
        memcpy(out, in, (size_t)w * 4);
      } else {
        for (int x = 0; x < w; x++) {
          out[4 * x] = in[3 * x];
          out[4 * x + 1] = in[3 * x + 1];
          out[4 * x + 2] = in[3 * x + 2];
          out[4 * x + 3] = 255;
        }
      }
    }
    return CImageCodecs_statusOK;
  }
  int bits = heif_image_get_bits_per_pixel_range(heif->image, heif_channel_interleaved);
  if (bits <= 8 || bits > 16) return failText(heif, CImageCodecs_statusUnsupported, "bit depth");
  uint32_t max = (1u << bits) - 1;
  for (int y = 0; y < h; y++) {
    const uint8_t *in = source + (size_t)y * (size_t)sourceStride;
    uint8_t *out = pixels + (size_t)y * stride;
    for (int x = 0; x < w; x++) {
      for (int c = 0; c < 4; c++) {
        if (c == 3 && channels == 3) {
          out[4 * x + 3] = 255;
          continue;
        }
        const uint8_t *sample = in + ((size_t)x * channels + c) * 2;
        uint32_t v = (uint32_t)sample[0] | (uint32_t)sample[1] << 8;
        if (v > max) v = max;
        out[4 * x + c] = (uint8_t)((v * 255 + max / 2) / max);
      }
    }
  }
  return CImageCodecs_statusOK;
}

const char *CImageCodecs_heifMessage(const CImageCodecs_HEIF *heif) {
  return heif ? heif->message : "";
}
