// libheif reading from memory: the primary image (tile grids, irot/imir/clap applied by libheif)
// or its embedded thumbnail, decoded to interleaved RGB(A) at the file's own bit depth and
// reduced to 8 bits here with rounding, or, for thumbnails, to its YCbCr planes, box-shrunk and
// converted here (reduceYCbCr). libheif reports errors as values; nothing here exits.

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

#include "cimagecodecs_heif.h"
#include "heif_parameter_sets.h"

struct CImageCodecs_HEIF {
  struct heif_context *context;
  struct heif_image_handle *primary;
  struct heif_image_handle *thumbnail;
  struct heif_image *image;
  /// The RGBA result of a reduced decode (decodeReduced), replacing `image`.
  uint8_t *reduced;
  uint32_t reducedWidth;
  uint32_t reducedHeight;
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
  // Some libheif messages end in a newline.
  size_t end = strlen(heif->message);
  while (end > 0 && (heif->message[end - 1] == '\n' || heif->message[end - 1] == ' ')) {
    heif->message[--end] = '\0';
  }
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
  free(heif->reduced);
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

/// Kr and Kb of the nclx matrix libheif converts YCbCr to RGB with (ITU-T H.273; unspecified
/// means BT.601, as in libheif). 0 for matrices it does not convert with Kr/Kb (identity, YCgCo,
/// ICtCp, or derived from the primaries), which take the exact path instead.
static int matrixWeights(const struct heif_color_profile_nclx *nclx, float *kr, float *kb) {
  switch (nclx ? (int)nclx->matrix_coefficients : 2) {
  case 1:
    *kr = 0.2126f, *kb = 0.0722f;
    return 1;
  case 4:
    *kr = 0.30f, *kb = 0.11f;
    return 1;
  case 2:
  case 5:
  case 6:
    *kr = 0.299f, *kb = 0.114f;
    return 1;
  case 7:
    *kr = 0.212f, *kb = 0.087f;
    return 1;
  case 9:
  case 10:
    *kr = 0.2627f, *kb = 0.0593f;
    return 1;
  default:
    return 0;
  }
}

/// Area-averages blocks of `shrinkX` × `shrinkY` pixels of the YCbCr image straight into 8-bit
/// RGBA (the last, partial blocks over what they hold): the box stage of the thumbnail resize,
/// done before the conversion instead of after it, with libheif's coefficients.
///
/// The conversion is affine, so the luma plane is summed as is and converted once per block.
/// Each chroma sample instead contributes its three RGB offsets (r_cr·Cr, g_cb·Cb + g_cr·Cr,
/// b_cb·Cb), weighted by how many of the block's pixels it covers (nearest-neighbour chroma, as
/// libheif's conversion turns out to be). For 8-bit full-range images these offsets are rounded
/// as libheif rounds each pixel (Y is an integer, so round(Y + offset) = Y + round(offset)): the
/// result is then the box average of the exact decode up to per-pixel clipping and the final
/// rounding. CImageCodecs_statusUnsupported means "decode exactly instead".
static CImageCodecs_Status reduceYCbCr(CImageCodecs_HEIF *heif, const struct heif_image *image,
                                       enum heif_chroma chroma, uint32_t shrinkX,
                                       uint32_t shrinkY) {
  static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
  int width = heif_image_get_width(image, heif_channel_Y);
  int height = heif_image_get_height(image, heif_channel_Y);
  if (width <= 0 || height <= 0) return CImageCodecs_statusUnsupported;
  int shiftX = chroma == heif_chroma_444 ? 0 : 1;
  int shiftY = chroma == heif_chroma_420 ? 1 : 0;
  int chromaWidth = (width + (1 << shiftX) - 1) >> shiftX;
  int chromaHeight = (height + (1 << shiftY) - 1) >> shiftY;
  const uint8_t *planes[3];
  int strides[3];
  int bits = heif_image_get_bits_per_pixel_range(image, heif_channel_Y);
  int deep = heif_image_get_bits_per_pixel(image, heif_channel_Y) > 8;
  if (bits < 8 || bits > 16) return CImageCodecs_statusUnsupported;
  for (int p = 0; p < 3; p++) {
    planes[p] = heif_image_get_plane_readonly(image, channels[p], &strides[p]);
    if (planes[p] == NULL || heif_image_get_bits_per_pixel_range(image, channels[p]) != bits ||
        (heif_image_get_bits_per_pixel(image, channels[p]) > 8) != deep ||
        heif_image_get_width(image, channels[p]) != (p ? chromaWidth : width) ||
        heif_image_get_height(image, channels[p]) != (p ? chromaHeight : height)) {
      return CImageCodecs_statusUnsupported;  // A layout this reduction does not expect.
    }
  }
  struct heif_color_profile_nclx *nclx = NULL;
  heif_image_get_nclx_color_profile(image, &nclx);
  float kr = 0, kb = 0;
  int known = matrixWeights(nclx, &kr, &kb);
  int fullRange = nclx ? nclx->full_range_flag : 1;
  heif_nclx_color_profile_free(nclx);
  if (!known) return CImageCodecs_statusUnsupported;

  // Everything in 8-bit output units: luma = (Y - offset) · lumaScale, and the chroma offsets.
  float maxValue = (float)((1u << bits) - 1);
  float half = (float)(1u << (bits - 1));
  float lumaOffset = fullRange ? 0 : (float)(16u << (bits - 8));
  // libheif expands limited range to 2^bits (not 2^bits - 1) levels: (Y - 16) · 256 / 219.
  float limited = (float)(1u << bits) / maxValue * 255;
  float lumaScale = fullRange ? 255 / maxValue : limited / (float)(219u << (bits - 8));
  float chromaScale = fullRange ? 255 / maxValue : limited / (float)(224u << (bits - 8));
  float rCr = 2 * (1 - kr) * chromaScale;
  float gCb = 2 * kb * (1 - kb) / (kb + kr - 1) * chromaScale;
  float gCr = 2 * kr * (1 - kr) / (kb + kr - 1) * chromaScale;
  float bCb = 2 * (1 - kb) * chromaScale;
  int rounded = !deep && fullRange;

  uint32_t outWidth = ((uint32_t)width + shrinkX - 1) / shrinkX;
  uint32_t outHeight = ((uint32_t)height + shrinkY - 1) / shrinkY;
  uint8_t *pixels = malloc((size_t)outWidth * outHeight * 4);
  uint32_t *lumaSums = malloc((size_t)width * sizeof *lumaSums);
  float *offsetSums = malloc((size_t)chromaWidth * 3 * sizeof *offsetSums);
  // For 8-bit images, the offsets of every Cb (blue), Cr (red) and (Cb, Cr) pair (green).
  float *tables = deep ? NULL : malloc((256 * 2 + 65536) * sizeof *tables);
  if (pixels == NULL || lumaSums == NULL || offsetSums == NULL || (!deep && tables == NULL)) {
    free(pixels);
    free(lumaSums);
    free(offsetSums);
    free(tables);
    return failText(heif, CImageCodecs_statusTooLarge, "out of memory");
  }
  if (tables) {
    for (int v = 0; v < 256; v++) {
      float red = rCr * ((float)v - half), blue = bCb * ((float)v - half);
      tables[v] = rounded ? roundf(red) : red;
      tables[256 + v] = rounded ? roundf(blue) : blue;
    }
    for (int cb = 0; cb < 256; cb++) {
      for (int cr = 0; cr < 256; cr++) {
        float green = gCb * ((float)cb - half) + gCr * ((float)cr - half);
        tables[512 + (cb << 8 | cr)] = rounded ? roundf(green) : green;
      }
    }
  }
  float *redSums = offsetSums, *greenSums = offsetSums + chromaWidth;
  float *blueSums = offsetSums + 2 * (size_t)chromaWidth;

  for (uint32_t oy = 0; oy < outHeight; oy++) {
    int top = (int)(oy * shrinkY);
    int bottom = top + (int)shrinkY < height ? top + (int)shrinkY : height;
    memset(lumaSums, 0, (size_t)width * sizeof *lumaSums);
    memset(offsetSums, 0, (size_t)chromaWidth * 3 * sizeof *offsetSums);
    for (int y = top; y < bottom; y++) {
      const uint8_t *row = planes[0] + (size_t)y * (size_t)strides[0];
      if (deep) {
        const uint16_t *samples = (const uint16_t *)row;
        for (int x = 0; x < width; x++) lumaSums[x] += samples[x];
      } else {
        for (int x = 0; x < width; x++) lumaSums[x] += row[x];
      }
    }
    for (int r = top >> shiftY; r <= (bottom - 1) >> shiftY; r++) {
      int from = r << shiftY > top ? r << shiftY : top;
      int to = (r + 1) << shiftY < bottom ? (r + 1) << shiftY : bottom;
      float weight = (float)(to - from);
      const uint8_t *cbRow = planes[1] + (size_t)r * (size_t)strides[1];
      const uint8_t *crRow = planes[2] + (size_t)r * (size_t)strides[2];
      if (deep) {
        const uint16_t *cbs = (const uint16_t *)cbRow, *crs = (const uint16_t *)crRow;
        for (int c = 0; c < chromaWidth; c++) {
          float cb = (float)cbs[c] - half, cr = (float)crs[c] - half;
          redSums[c] += weight * rCr * cr;
          greenSums[c] += weight * (gCb * cb + gCr * cr);
          blueSums[c] += weight * bCb * cb;
        }
      } else {
        for (int c = 0; c < chromaWidth; c++) {
          redSums[c] += weight * tables[crRow[c]];
          greenSums[c] += weight * tables[512 + (cbRow[c] << 8 | crRow[c])];
          blueSums[c] += weight * tables[256 + cbRow[c]];
        }
      }
    }
    uint8_t *out = pixels + (size_t)oy * outWidth * 4;
    for (uint32_t ox = 0; ox < outWidth; ox++) {
      int left = (int)(ox * shrinkX);
      int right = left + (int)shrinkX < width ? left + (int)shrinkX : width;
      float area = (float)((right - left) * (bottom - top));
      uint64_t luma = 0;
      for (int x = left; x < right; x++) luma += lumaSums[x];
      float offsets[3] = {0, 0, 0};
      for (int c = left >> shiftX; c <= (right - 1) >> shiftX; c++) {
        int from = c << shiftX > left ? c << shiftX : left;
        int to = (c + 1) << shiftX < right ? (c + 1) << shiftX : right;
        float weight = (float)(to - from);
        offsets[0] += weight * redSums[c];
        offsets[1] += weight * greenSums[c];
        offsets[2] += weight * blueSums[c];
      }
      float base = ((float)luma / area - lumaOffset) * lumaScale;
      for (int c = 0; c < 3; c++) {
        float v = base + offsets[c] / area + 0.5f;
        out[4 * ox + c] = v <= 0 ? 0 : v >= 255 ? 255 : (uint8_t)v;
      }
      out[4 * ox + 3] = 255;
    }
  }
  free(lumaSums);
  free(offsetSums);
  free(tables);
  heif->reduced = pixels;
  heif->reducedWidth = outWidth;
  heif->reducedHeight = outHeight;
  return CImageCodecs_statusOK;
}

static struct heif_decoding_options *decodingOptions(void) {
  struct heif_decoding_options *options = heif_decoding_options_alloc();
  if (options != NULL) options->strict_decoding = 1;
  return options;
}

/// The reduced decode of `handle` when it applies: coded as YCbCr 4:2:0, 4:2:2 or 4:4:4 with
/// a Kr/Kb matrix and no alpha. Returns 0 (nothing decoded, `*status` untouched) when it does
/// not, so that the caller decodes exactly instead.
static int decodeReduced(CImageCodecs_HEIF *heif, struct heif_image_handle *handle,
                         uint32_t shrinkX, uint32_t shrinkY, CImageCodecs_Status *status) {
  enum heif_colorspace colorspace = heif_colorspace_undefined;
  enum heif_chroma chroma = heif_chroma_undefined;
  if (heif_image_handle_has_alpha_channel(handle)) return 0;
  if (heif_image_handle_get_preferred_decoding_colorspace(handle, &colorspace, &chroma).code !=
          heif_error_Ok ||
      colorspace != heif_colorspace_YCbCr ||
      (chroma != heif_chroma_420 && chroma != heif_chroma_422 && chroma != heif_chroma_444)) {
    return 0;
  }
  struct heif_decoding_options *options = decodingOptions();
  if (options == NULL) {
    *status = failText(heif, CImageCodecs_statusTooLarge, "out of memory");
    return 1;
  }
  struct heif_image *image = NULL;
  struct heif_error error =
      heif_decode_image(handle, &image, heif_colorspace_YCbCr, chroma, options);
  heif_decoding_options_free(options);
  if (error.code != heif_error_Ok) {
    if (image) heif_image_release(image);
    // Bad data fails the exact path the same way: say so now rather than decode it twice.
    if (error.code == heif_error_Invalid_input || error.code == heif_error_Decoder_plugin_error ||
        error.code == heif_error_Memory_allocation_error) {
      *status = failWith(heif, error);
      return 1;
    }
    return 0;
  }
  if (heif_image_get_colorspace(image) != heif_colorspace_YCbCr ||
      heif_image_get_chroma_format(image) != chroma) {
    heif_image_release(image);
    return 0;
  }
  CImageCodecs_Status reduced = reduceYCbCr(heif, image, chroma, shrinkX, shrinkY);
  heif_image_release(image);
  if (reduced == CImageCodecs_statusUnsupported) return 0;
  *status = reduced;
  return 1;
}

CImageCodecs_Status CImageCodecs_heifDecode(CImageCodecs_HEIF *heif, int useThumbnail,
                                            uint32_t shrinkX, uint32_t shrinkY, uint32_t *width,
                                            uint32_t *height) {
  *width = 0;
  *height = 0;
  struct heif_image_handle *handle = useThumbnail ? heif->thumbnail : heif->primary;
  if (handle == NULL || heif->image != NULL || heif->reduced != NULL) {
    return failText(heif, CImageCodecs_statusMisuse, "decode without header or twice");
  }
  const char *problem =
      CImageCodecs_heifParameterSetProblem(heif->context, handle, heif->data, heif->length);
  if (problem != NULL) {
    snprintf(heif->message, sizeof heif->message, "invalid HEVC sequence parameter set: %s",
             problem);
    return CImageCodecs_statusCorrupt;
  }
  if (shrinkX > 1 || shrinkY > 1) {
    if (shrinkX < 1 || shrinkY < 1 || shrinkX > 4096 || shrinkY > 4096) {
      return failText(heif, CImageCodecs_statusMisuse, "shrink factor out of range");
    }
    CImageCodecs_Status status = CImageCodecs_statusOK;
    if (decodeReduced(heif, handle, shrinkX, shrinkY, &status)) {
      if (status == CImageCodecs_statusOK) {
        *width = heif->reducedWidth;
        *height = heif->reducedHeight;
      }
      return status;
    }
  }
  int alpha = heif_image_handle_has_alpha_channel(handle);
  int deep = heif_image_handle_get_luma_bits_per_pixel(handle) > 8;
  enum heif_chroma chroma;
  if (deep) {
    chroma = alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE;
  } else {
    chroma = alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB;
  }
  struct heif_decoding_options *options = decodingOptions();
  if (options == NULL) return failText(heif, CImageCodecs_statusTooLarge, "out of memory");
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
  if (heif->reduced != NULL) {
    for (uint32_t y = 0; y < heif->reducedHeight; y++) {
      memcpy(pixels + (size_t)y * stride, heif->reduced + (size_t)y * heif->reducedWidth * 4,
             (size_t)heif->reducedWidth * 4);
    }
    return CImageCodecs_statusOK;
  }
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
