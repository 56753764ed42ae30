// Box walks over a QuickTime/MP4 movie read through a callback (memory or pread), so that the
// checks never need the whole file in memory. The counts checked are those FFmpeg allocates
// for before it reads what they count: sample tables, and metadata keys. Box sizes are 64-bit
// and checked against their parent; nesting is fixed by the box types below, so the walk is
// bounded.

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "movie_boxes.h"

typedef CImageCodecs_MovieBox Box;

static uint32_t bigEndian32(const uint8_t *bytes) { return CImageCodecs_movieBigEndian32(bytes); }

int CImageCodecs_movieReadBox(const CImageCodecs_MovieSource *source, uint64_t offset,
                              uint64_t limit, Box *box) {
  uint8_t header[16];
  if (limit < 8 || offset > limit - 8) return 0;
  if (source->readAt(source->context, offset, header, 8) < 8) return 0;
  uint64_t size = bigEndian32(header);
  uint64_t headerSize = 8;
  if (size == 1) {
    if (limit < 16 || offset > limit - 16) return 0;
    if (source->readAt(source->context, offset + 8, header + 8, 8) < 8) return 0;
    size = (uint64_t)bigEndian32(header + 8) << 32 | bigEndian32(header + 12);
    headerSize = 16;
  } else if (size == 0) {
    size = limit - offset;  // the box runs to the end of its parent
  }
  if (size < headerSize || size > UINT64_MAX - offset) return -1;
  memcpy(box->type, header + 4, 4);
  box->start = offset;
  box->payload = offset + headerSize;
  box->end = offset + size;
  return 1;
}

int CImageCodecs_movieHasCompleteMovieBox(const CImageCodecs_MovieSource *source) {
  uint64_t offset = 0;
  for (unsigned long walked = 0;; walked++) {
    if (walked % 4096 == 4095 && source->pastDeadline(source->context)) return -2;
    Box box;
    int read = CImageCodecs_movieReadBox(source, offset, source->length, &box);
    if (read <= 0) return read;
    if (memcmp(box.type, "moov", 4) == 0) return box.end <= source->length ? 1 : 0;
    offset = box.end;
  }
}

// MARK: Sample counts

typedef struct {
  const CImageCodecs_MovieSource *source;
  /// Samples declared so far, and boxes walked (for the deadline).
  uint64_t samples;
  unsigned long walked;
  char *message;
  size_t capacity;
} Count;

/// Reads `count` big-endian 32-bit words of the payload of `box` into `words`; 0 when the box
/// is too short.
static int readWords(Count *count, const Box *box, uint32_t *words, size_t number) {
  uint8_t bytes[16];
  size_t size = number * 4;
  if (box->end - box->payload < size) return 0;
  if (count->source->readAt(count->source->context, box->payload, bytes, size) < size) return 0;
  for (size_t i = 0; i < number; i++) words[i] = bigEndian32(bytes + 4 * i);
  return 1;
}

static CImageCodecs_Status refuse(Count *count, CImageCodecs_Status status, const char *what,
                                  uint64_t samples) {
  snprintf(count->message, count->capacity, "%s declares %" PRIu64 " samples, %s", what, samples,
           status == CImageCodecs_statusTooLarge
               ? "over the limit of 33554432 samples"
               : "more than the file's size can hold");
  return status;
}

/// Adds `samples` of at least `bytesEach` bytes (0 when unknown: one byte each is assumed).
static CImageCodecs_Status add(Count *count, const char *what, uint64_t samples,
                               uint64_t bytesEach) {
  uint64_t length = count->source->length;
  uint64_t least = bytesEach > 0 ? bytesEach : 1;
  if (samples > length / least) return refuse(count, CImageCodecs_statusCorrupt, what, samples);
  count->samples += samples;
  if (count->samples > length) {
    return refuse(count, CImageCodecs_statusCorrupt, "the movie", count->samples);
  }
  if (count->samples > CImageCodecs_movieMaxSamples) {
    return refuse(count, CImageCodecs_statusTooLarge, "the movie", count->samples);
  }
  return CImageCodecs_statusOK;
}

/// `stsz`: version and flags, the size of every sample (0: a table follows), the count.
static CImageCodecs_Status countSampleSizes(Count *count, const Box *box) {
  uint32_t words[3];
  if (!readWords(count, box, words, 3)) return CImageCodecs_statusOK;  // FFmpeg says why
  return add(count, "a sample size table (stsz)", words[2], words[1]);
}

/// `stz2`: version and flags, 24 reserved bits and the field size, the count.
static CImageCodecs_Status countCompactSampleSizes(Count *count, const Box *box) {
  uint32_t words[3];
  if (!readWords(count, box, words, 3)) return CImageCodecs_statusOK;
  return add(count, "a compact sample size table (stz2)", words[2], 0);
}

/// `stts`: version and flags, the entry count, then (sample count, duration) pairs. Their
/// sum is the track's sample count again, so it is held to the file's size on its own rather
/// than added to the total.
static CImageCodecs_Status countTimeToSample(Count *count, const Box *box) {
  uint32_t words[2];
  if (!readWords(count, box, words, 2)) return CImageCodecs_statusOK;
  uint64_t entries = words[1];
  uint64_t available = (box->end - box->payload - 8) / 8;
  if (entries > available) entries = available;
  uint64_t total = 0;
  uint8_t pairs[4096];
  for (uint64_t done = 0; done < entries;) {
    if (count->source->pastDeadline(count->source->context)) return CImageCodecs_statusCorrupt;
    uint64_t batch = entries - done < sizeof pairs / 8 ? entries - done : sizeof pairs / 8;
    uint64_t offset = box->payload + 8 + done * 8;
    if (count->source->readAt(count->source->context, offset, pairs, batch * 8) < batch * 8) break;
    for (uint64_t i = 0; i < batch; i++) total += bigEndian32(pairs + 8 * i);
    if (total > count->source->length) {
      return refuse(count, CImageCodecs_statusCorrupt, "a time-to-sample table (stts)", total);
    }
    done += batch;
  }
  return CImageCodecs_statusOK;
}

/// `trun`: version and flags, the sample count, then optional fields and per-sample fields.
static CImageCodecs_Status countTrackRun(Count *count, const Box *box) {
  uint32_t words[2];
  if (!readWords(count, box, words, 2)) return CImageCodecs_statusOK;
  uint32_t flags = words[0] & 0xFFFFFF;
  uint64_t bytesEach = 0;
  for (uint32_t bit = 0x100; bit <= 0x800; bit <<= 1) {
    if (flags & bit) bytesEach += 4;
  }
  return add(count, "a track fragment run (trun)", words[1], bytesEach);
}

/// `keys`: version and flags, the key count, then the keys, each at least 8 bytes. FFmpeg
/// allocates (and zeroes) a pointer for each key the count declares before reading one.
static CImageCodecs_Status countKeys(Count *count, const Box *box) {
  uint32_t words[2];
  if (!readWords(count, box, words, 2)) return CImageCodecs_statusOK;
  uint64_t keys = words[1];
  if (keys > (box->end - box->payload - 8) / 8) {
    snprintf(count->message, count->capacity,
             "a metadata key table (keys) declares %" PRIu64 " keys, more than its box can hold",
             keys);
    return CImageCodecs_statusCorrupt;
  }
  return CImageCodecs_statusOK;
}

uint64_t CImageCodecs_movieMetaChildren(const CImageCodecs_MovieSource *source, const Box *box) {
  uint8_t bytes[12];
  if (box->end - box->payload < 12 ||
      source->readAt(source->context, box->payload, bytes, 12) < 12) {
    return box->end;
  }
  if (memcmp(bytes + 4, "hdlr", 4) == 0) return box->payload;
  if (memcmp(bytes + 8, "hdlr", 4) == 0) return box->payload + 4;
  return box->end;
}

static int isContainer(const char *type) {
  static const char *const containers[] = {"moov", "trak", "mdia", "minf", "stbl",
                                           "moof", "traf", "udta"};
  for (size_t i = 0; i < sizeof containers / sizeof *containers; i++) {
    if (memcmp(type, containers[i], 4) == 0) return 1;
  }
  return 0;
}

/// Walks the boxes from `offset` to `end` (`depth` levels down), counting the samples of each
/// table it meets.
static CImageCodecs_Status walk(Count *count, uint64_t offset, uint64_t end, int depth) {
  while (offset < end) {
    if (++count->walked % 4096 == 0 && count->source->pastDeadline(count->source->context)) {
      return CImageCodecs_statusCorrupt;
    }
    Box box;
    // A bad box is FFmpeg's to report.
    if (CImageCodecs_movieReadBox(count->source, offset, end, &box) <= 0) break;
    if (box.end > end) box.end = end;
    CImageCodecs_Status status = CImageCodecs_statusOK;
    if (memcmp(box.type, "stsz", 4) == 0) {
      status = countSampleSizes(count, &box);
    } else if (memcmp(box.type, "stz2", 4) == 0) {
      status = countCompactSampleSizes(count, &box);
    } else if (memcmp(box.type, "stts", 4) == 0) {
      status = countTimeToSample(count, &box);
    } else if (memcmp(box.type, "trun", 4) == 0) {
      status = countTrackRun(count, &box);
    } else if (memcmp(box.type, "keys", 4) == 0) {
      status = countKeys(count, &box);
    } else if (depth < 6 && memcmp(box.type, "meta", 4) == 0) {
      uint64_t children = CImageCodecs_movieMetaChildren(count->source, &box);
      status = walk(count, children, box.end, depth + 1);
    } else if (depth < 6 && isContainer(box.type)) {
      status = walk(count, box.payload, box.end, depth + 1);
    }
    if (status != CImageCodecs_statusOK) return status;
    offset = box.end;
  }
  return CImageCodecs_statusOK;
}

CImageCodecs_Status CImageCodecs_movieCheckSampleCounts(const CImageCodecs_MovieSource *source,
                                                       char *message, size_t capacity) {
  Count count = {source, 0, 0, message, capacity};
  CImageCodecs_Status status = walk(&count, 0, source->length, 0);
  if (status != CImageCodecs_statusOK && source->pastDeadline(source->context)) {
    return CImageCodecs_statusCorrupt;  // the caller words the time-out
  }
  return status;
}
