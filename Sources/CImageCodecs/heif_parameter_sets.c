// HEVC parameter sets checked before libde265 sees them.
//
// libde265 prints five sanity checks of a sequence parameter set straight to stderr
// (fprintf(stderr, "SPS error: ...") in seq_parameter_set::compute_derived_values, with no
// verbosity switch: de265_set_verbosity governs only its logging functions). Rather than swap the
// process-wide stderr or fd 2 around a decode, which would also swallow other threads' output,
// the SPS of every hvcC that a decode will use is checked here first, and a failing one is
// reported as corrupt data before libde265 sees it.

#include <stdint.h>
#include <string.h>

#include <libheif/heif.h>
#include <libheif/heif_items.h>

#include "heif_parameter_sets.h"

/// The payload [*start, *end) of the first box of `type` among the boxes in [from, to).
static int findBox(const uint8_t *data, size_t from, size_t to, const char *type, size_t *start,
                   size_t *end) {
  size_t offset = from;
  while (offset + 8 <= to) {
    uint64_t size = (uint64_t)data[offset] << 24 | (uint64_t)data[offset + 1] << 16 |
                    (uint64_t)data[offset + 2] << 8 | data[offset + 3];
    size_t header = 8;
    if (size == 1) {
      if (offset + 16 > to) return 0;
      size = 0;
      for (int i = 8; i < 16; i++) size = size << 8 | data[offset + i];
      header = 16;
    } else if (size == 0) {
      size = to - offset;
    }
    if (size < header || size > to - offset) return 0;
    if (memcmp(data + offset + 4, type, 4) == 0) {
      *start = offset + header;
      *end = offset + (size_t)size;
      return 1;
    }
    offset += (size_t)size;
  }
  return 0;
}

/// An MSB-first reader over an RBSP (emulation prevention bytes removed).
typedef struct {
  const uint8_t *bytes;
  size_t length;
  size_t bit;
  int overrun;
} BitReader;

static uint32_t readBits(BitReader *reader, int count) {
  uint32_t value = 0;
  for (int i = 0; i < count; i++) {
    if (reader->bit >= reader->length * 8) {
      reader->overrun = 1;
      return 0;
    }
    value = value << 1 | ((reader->bytes[reader->bit / 8] >> (7 - reader->bit % 8)) & 1);
    reader->bit++;
  }
  return value;
}

/// ue(v): Exp-Golomb, at most 32 bits (more is an overrun).
static uint32_t readGolomb(BitReader *reader) {
  int zeros = 0;
  while (readBits(reader, 1) == 0) {
    if (reader->overrun || ++zeros > 31) {
      reader->overrun = 1;
      return 0;
    }
  }
  return (uint32_t)((1ull << zeros) - 1 + readBits(reader, zeros));
}

/// The first failed libde265 sanity check of an SPS NAL unit (header included), or NULL when
/// they pass or the SPS ends or breaks before them (libde265 then fails quietly by itself).
static const char *spsProblem(const uint8_t *nal, size_t length) {
  uint8_t rbsp[256];
  size_t count = 0;
  int zeros = 0;
  for (size_t i = 2; i < length && count < sizeof rbsp; i++) {
    if (zeros >= 2 && nal[i] == 3) {
      zeros = 0;
      continue;
    }
    zeros = nal[i] == 0 ? zeros + 1 : 0;
    rbsp[count++] = nal[i];
  }
  BitReader reader = {rbsp, count, 0, 0};
  readBits(&reader, 4);  // sps_video_parameter_set_id
  uint32_t subLayers = readBits(&reader, 3);
  if (subLayers > 6) return NULL;
  readBits(&reader, 1);
  readBits(&reader, 32);  // general profile_tier_level: 88 bits, then the level
  readBits(&reader, 32);
  readBits(&reader, 32);
  int profilePresent[8] = {0}, levelPresent[8] = {0};
  for (uint32_t i = 0; i < subLayers; i++) {
    profilePresent[i] = (int)readBits(&reader, 1);
    levelPresent[i] = (int)readBits(&reader, 1);
  }
  if (subLayers > 0) {
    for (uint32_t i = subLayers; i < 8; i++) readBits(&reader, 2);
  }
  for (uint32_t i = 0; i < subLayers; i++) {
    if (profilePresent[i]) {
      readBits(&reader, 32);
      readBits(&reader, 32);
      readBits(&reader, 24);
    }
    if (levelPresent[i]) readBits(&reader, 8);
  }
  readGolomb(&reader);  // sps_seq_parameter_set_id
  if (readGolomb(&reader) == 3) readBits(&reader, 1);
  uint32_t width = readGolomb(&reader);
  uint32_t height = readGolomb(&reader);
  if (readBits(&reader, 1)) {
    for (int i = 0; i < 4; i++) readGolomb(&reader);
  }
  readGolomb(&reader);  // bit depths (libde265 rejects > 16 quietly)
  readGolomb(&reader);
  readGolomb(&reader);  // log2_max_pic_order_cnt_lsb_minus4
  int allLayers = (int)readBits(&reader, 1);
  for (uint32_t i = allLayers ? 0 : subLayers; i <= subLayers; i++) {
    for (int j = 0; j < 3; j++) readGolomb(&reader);
  }
  uint32_t minCb = readGolomb(&reader) + 3;
  uint32_t ctb = minCb + readGolomb(&reader);
  uint32_t minTb = readGolomb(&reader) + 2;
  uint32_t maxTb = minTb + readGolomb(&reader);
  uint32_t depthInter = readGolomb(&reader);
  uint32_t depthIntra = readGolomb(&reader);
  if (reader.overrun || width == 0 || height == 0 || minCb > 6 || ctb > 6 || minTb > 5 ||
      maxTb > 5) {
    return NULL;
  }
  int64_t depthLimit = (int64_t)ctb - (int64_t)minTb;
  if ((int64_t)depthInter > depthLimit) return "transform hierarchy depth (inter) too large";
  if ((int64_t)depthIntra > depthLimit) {
    return "transform hierarchy depth (intra) too large";
  }
  if (width % (1u << minCb) != 0 || height % (1u << minCb) != 0) {
    return "picture size not a multiple of the coding block size";
  }
  if (minTb > minCb) return "transform block larger than the coding block";
  if (maxTb > (ctb < 5 ? ctb : 5)) return "largest transform block larger than the CTB";
  return NULL;
}

/// The first SPS problem of the hvcC box payload [start, end), or NULL.
static const char *hvcCProblem(const uint8_t *data, size_t start, size_t end) {
  if (end - start < 23) return NULL;
  size_t offset = start + 23;
  for (int array = 0; array < data[start + 22]; array++) {
    if (offset + 3 > end) return NULL;
    size_t units = (size_t)data[offset + 1] << 8 | data[offset + 2];
    offset += 3;
    for (size_t unit = 0; unit < units; unit++) {
      if (offset + 2 > end) return NULL;
      size_t length = (size_t)data[offset] << 8 | data[offset + 1];
      offset += 2;
      if (length > end - offset) return NULL;
      if (length >= 2 && ((data[offset] >> 1) & 0x3F) == 33) {
        const char *problem = spsProblem(data + offset, length);
        if (problem) return problem;
      }
      offset += length;
    }
  }
  return NULL;
}

static int containsItem(const heif_item_id *items, size_t count, heif_item_id item) {
  for (size_t i = 0; i < count; i++) {
    if (items[i] == item) return 1;
  }
  return 0;
}

const char *CImageCodecs_heifParameterSetProblem(struct heif_context *context,
                                                 const struct heif_image_handle *handle,
                                                 const uint8_t *data, size_t length) {
  size_t metaStart, metaEnd, iprpStart, iprpEnd, ipcoStart, ipcoEnd, ipmaStart, ipmaEnd;
  if (!findBox(data, 0, length, "meta", &metaStart, &metaEnd) ||
      !findBox(data, metaStart + 4, metaEnd, "iprp", &iprpStart, &iprpEnd) ||
      !findBox(data, iprpStart, iprpEnd, "ipco", &ipcoStart, &ipcoEnd) ||
      !findBox(data, iprpStart, iprpEnd, "ipma", &ipmaStart, &ipmaEnd) ||
      ipmaEnd - ipmaStart < 8) {
    return NULL;
  }
  heif_item_id self = heif_image_handle_get_item_id(handle);
  heif_item_id *sources = NULL;
  size_t sourceCount = 0;
  for (int index = 0; sourceCount == 0; index++) {
    uint32_t type = 0;
    heif_item_id *references = NULL;
    size_t count = heif_context_get_item_references(context, self, index, &type, &references);
    if (count == 0) {
      heif_release_item_references(context, &references);
      break;
    }
    if (type == heif_fourcc('d', 'i', 'm', 'g')) {
      sources = references;
      sourceCount = count;
    } else {
      heif_release_item_references(context, &references);
    }
  }
  const char *problem = NULL;
  int version = data[ipmaStart];
  int wide = data[ipmaStart + 3] & 1;
  size_t entries = (size_t)data[ipmaStart + 4] << 24 | (size_t)data[ipmaStart + 5] << 16 |
                   (size_t)data[ipmaStart + 6] << 8 | data[ipmaStart + 7];
  size_t offset = ipmaStart + 8;
  for (size_t entry = 0; entry < entries && problem == NULL; entry++) {
    size_t idSize = version < 1 ? 2 : 4;
    if (offset + idSize + 1 > ipmaEnd) break;
    heif_item_id item = 0;
    for (size_t i = 0; i < idSize; i++) item = item << 8 | data[offset + i];
    size_t associations = data[offset + idSize];
    offset += idSize + 1;
    int wanted = item == self || containsItem(sources, sourceCount, item);
    for (size_t a = 0; a < associations; a++) {
      if (offset + (wide ? 2 : 1) > ipmaEnd) break;
      size_t property = wide ? ((size_t)(data[offset] & 0x7F) << 8 | data[offset + 1])
                             : (size_t)(data[offset] & 0x7F);
      offset += wide ? 2 : 1;
      if (!wanted || property == 0 || problem != NULL) continue;
      // The property-th box of ipco (1-based).
      size_t start = ipcoStart, boxStart = 0, boxEnd = 0;
      for (size_t p = 0; p < property; p++) {
        if (start + 8 > ipcoEnd) break;
        uint64_t size = (uint64_t)data[start] << 24 | (uint64_t)data[start + 1] << 16 |
                        (uint64_t)data[start + 2] << 8 | data[start + 3];
        if (size < 8 || size > ipcoEnd - start) break;
        if (p + 1 == property) {
          boxStart = start;
          boxEnd = start + (size_t)size;
        }
        start += (size_t)size;
      }
      if (boxEnd > boxStart && memcmp(data + boxStart + 4, "hvcC", 4) == 0) {
        problem = hvcCProblem(data, boxStart + 8, boxEnd);
      }
    }
  }
  if (sources) heif_release_item_references(context, &sources);
  return problem;
}
