// The header of a plain camera movie read from its boxes, without FFmpeg: what libavformat's
// mov demuxer (avformat_open_input, no stream probing) reports for it, field for field. A
// library's movies are listed without loading FFmpeg's libraries (about 20 MB of code, and
// their relocations), which a poster frame still needs.
//
// Only movies whose every box this reader understands are read: one movie box with its header
// (`mvhd`) before its tracks, no fragments, one H.264 or HEVC video track with complete sample
// tables, other tracks whose kind is plain (sound, timed metadata, timecode, text), and
// metadata in Apple's `mdta` keys or iTunes' tags (a track's own metadata is the track's:
// FFmpeg does not put it in the movie's). Anything else is left to FFmpeg, so that a movie
// both read is listed the same whichever read it. What this reader does not parse (a codec's
// configuration) FFmpeg may still refuse: such a movie is listed, and its poster fails.

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "movie_boxes.h"

enum {
  /// Boxes walked before giving the movie to FFmpeg (a camera movie has well under a hundred).
  kMaxBoxes = 4096,
  /// Keys of one `keys` box that are looked at (an iPhone movie has about twenty).
  kMaxKeys = 1024,
  /// Seconds from 1904-01-01 (QuickTime's epoch) to 1970-01-01.
  kQuickTimeEpochOffset = 2082844800,
};

typedef CImageCodecs_MovieBox Box;

/// The metadata values the listing uses, as FFmpeg's format dictionary would hold them: the
/// last value set under each key (keys compared without case).
typedef struct {
  /// "creation_time": the movie header's creation time, or a key of that name, whichever came
  /// last.
  char creationTime[64];
  char creationDate[64];
  char contentIdentifier[128];
  char captureFPS[512];
  int hasCreationTime, hasCreationDate, hasContentIdentifier, hasCaptureFPS;
} Values;

typedef struct {
  const CImageCodecs_MovieSource *source;
  unsigned long walked;
  /// Inside a track: FFmpeg keeps a track's metadata apart from the movie's (none of it is
  /// read here).
  int inTrack;
  /// 0 while the movie is one this reader is sure of; 1 once FFmpeg must read it; 2 past the
  /// deadline.
  int declined;
  int sawHeader;
  int32_t movieMatrix[3][3];
  uint64_t duration;
  uint32_t timeScale;
  int videoTracks, hasAudio;
  int32_t width, height;
  int32_t matrix[3][3];
  const char *codec;
  uint64_t frames, frameTicks;
  uint32_t trackTimeScale;
  Values values;
} Reader;

/// The track being read (its boxes come in any order within `trak`).
typedef struct {
  int sawTrackHeader, sawMediaHeader, sawHandler, sawSampleTable, sawTimes, sawChunks, sawSizes;
  int sawSampleToChunk;
  /// The first chunk of the last run of `stsc`, and the chunks `stco` counts.
  uint32_t lastRunFirstChunk, chunks;
  char handler[4];
  char sampleEntry[4];
  uint32_t sampleEntries;
  int32_t matrix[3][3];
  int32_t width, height;
  uint32_t timeScale;
  uint64_t frames, frameTicks;
} Track;

static uint32_t be32(const uint8_t *bytes) { return CImageCodecs_movieBigEndian32(bytes); }

static uint64_t be64(const uint8_t *bytes) { return (uint64_t)be32(bytes) << 32 | be32(bytes + 4); }

static void decline(Reader *reader) {
  if (!reader->declined) reader->declined = 1;
}

/// Whether the reader's time is up (the movie is then given up, as a time-out).
static int pastDeadline(Reader *reader) {
  if (reader->source->pastDeadline(reader->source->context)) reader->declined = 2;
  return reader->declined == 2;
}

static int is(const char type[4], const char *name) { return memcmp(type, name, 4) == 0; }

static int isAny(const char type[4], const char *const *names) {
  for (; *names; names++) {
    if (is(type, *names)) return 1;
  }
  return 0;
}

static int nextBox(Reader *reader, uint64_t offset, uint64_t limit, Box *box);

/// Declines the movie unless every box inside `box` is one of `allowed`.
static void checkChildren(Reader *reader, const Box *box, const char *const *allowed) {
  Box inner;
  for (uint64_t at = box->payload; nextBox(reader, at, box->end, &inner); at = inner.end) {
    if (!isAny(inner.type, allowed)) decline(reader);
  }
}

/// Copies `count` bytes at `offset` of `box`'s payload; 0 (and the movie declined) when the
/// payload is shorter.
static int readPayload(Reader *reader, const Box *box, uint64_t offset, uint8_t *buffer,
                       size_t count) {
  if (box->end - box->payload < offset || box->end - box->payload - offset < count ||
      reader->source->readAt(reader->source->context, box->payload + offset, buffer, count) <
          count) {
    decline(reader);
    return 0;
  }
  return 1;
}

/// The box at `offset` inside a parent ending at `limit`: 1 when read, 0 at the end (or when
/// the movie is declined: a box that does not fit).
static int nextBox(Reader *reader, uint64_t offset, uint64_t limit, Box *box) {
  if (reader->declined) return 0;
  if (offset >= limit) return 0;
  if (++reader->walked > kMaxBoxes) {
    decline(reader);
    return 0;
  }
  if (reader->walked % 256 == 0 && pastDeadline(reader)) return 0;
  // A box must end within its parent here: FFmpeg would cut it, or read past it.
  if (CImageCodecs_movieReadBox(reader->source, offset, limit, box) <= 0 || box->end > limit) {
    decline(reader);
    return 0;
  }
  return 1;
}

static void readMatrix(const uint8_t *bytes, int32_t matrix[3][3]) {
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) matrix[i][j] = (int32_t)be32(bytes + 12 * i + 4 * j);
  }
}

// MARK: Movie header

static void readMovieHeader(Reader *reader, const Box *box) {
  uint8_t bytes[112];
  if (reader->sawHeader || !readPayload(reader, box, 0, bytes, 4)) {
    decline(reader);
    return;
  }
  int version = bytes[0];
  size_t length = version == 1 ? 112 : 100;
  if (version > 1 || !readPayload(reader, box, 0, bytes, length)) {
    decline(reader);
    return;
  }
  uint64_t created = version == 1 ? be64(bytes + 4) : be32(bytes + 4);
  const uint8_t *rest = bytes + (version == 1 ? 20 : 12);
  reader->timeScale = be32(rest);
  reader->duration = version == 1 ? be64(rest + 4) : be32(rest + 4);
  readMatrix(rest + (version == 1 ? 12 : 8) + 16, reader->movieMatrix);
  // FFmpeg's reading of a time scale of 0 or past INT_MAX, a duration past INT64_MAX, and a
  // creation time before 1970 has changed between its versions: left to it.
  if (reader->timeScale == 0 || reader->timeScale > INT32_MAX || reader->duration == 0 ||
      reader->duration > INT64_MAX) {
    decline(reader);
    return;
  }
  if (created != 0) {
    // avformat's "creation_time": UTC, with microseconds.
    if (created < kQuickTimeEpochOffset || created - kQuickTimeEpochOffset >= (1ULL << 33)) {
      decline(reader);
      return;
    }
    time_t seconds = (time_t)(created - kQuickTimeEpochOffset);
    struct tm parts;
    char text[32];
    if (!gmtime_r(&seconds, &parts) || !strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &parts)) {
      decline(reader);
      return;
    }
    Values *values = &reader->values;
    snprintf(values->creationTime, sizeof values->creationTime, "%s.000000Z", text);
    values->hasCreationTime = 1;
  }
  reader->sawHeader = 1;
}

// MARK: Metadata

/// FFmpeg's string of a value of `type` (`data` box type) read from `length` bytes at
/// `offset`: 1 with `out` set, 0 when FFmpeg skips such a value, -1 when this reader leaves the
/// movie to FFmpeg (a type it converts in ways not done here).
static int readValue(Reader *reader, const Box *item, uint64_t offset, uint32_t type,
                     uint64_t length, char *out, size_t capacity) {
  if (type == 1 || type == 4) {
    // UTF-8: FFmpeg keeps the bytes up to the first NUL; what a field holds is read.
    char text[512];
    size_t kept = length < capacity ? (size_t)length : capacity;
    if (kept > sizeof text - 1) kept = sizeof text - 1;
    if (!readPayload(reader, item, offset, (uint8_t *)text, kept)) return -1;
    text[kept] = 0;
    snprintf(out, capacity, "%s", text);
    return 1;
  }
  if (type == 23) {
    if (length < 4) return 0;
    uint8_t bytes[4];
    if (!readPayload(reader, item, offset, bytes, 4)) return -1;
    uint32_t bits = be32(bytes);
    float value;
    memcpy(&value, &bits, sizeof value);
    snprintf(out, capacity, "%f", value);
    return 1;
  }
  if (type == 0 || type == 3 || type == 21 || type == 22) return -1;
  return 0;  // FFmpeg skips other types (pictures, UTF-16)
}

/// Where a value of `key` goes: 0 for a key the listing does not read.
static int valueSlot(Reader *reader, const char *key, char **slot, size_t *capacity,
                     int **present) {
  Values *values = &reader->values;
  if (reader->inTrack) return 0;
  if (strcasecmp(key, "com.apple.quicktime.creationdate") == 0) {
    *slot = values->creationDate, *capacity = sizeof values->creationDate;
    *present = &values->hasCreationDate;
  } else if (strcasecmp(key, "com.apple.quicktime.content.identifier") == 0) {
    *slot = values->contentIdentifier, *capacity = sizeof values->contentIdentifier;
    *present = &values->hasContentIdentifier;
  } else if (strcasecmp(key, "com.android.capture.fps") == 0) {
    *slot = values->captureFPS, *capacity = sizeof values->captureFPS;
    *present = &values->hasCaptureFPS;
  } else if (strcasecmp(key, "creation_time") == 0) {
    *slot = values->creationTime, *capacity = sizeof values->creationTime;
    *present = &values->hasCreationTime;
  } else {
    return 0;
  }
  return 1;
}

/// An `ilst` item: its first `data` box, under the key `key` (NULL: a key nothing reads).
static void readItem(Reader *reader, const Box *item, const char *key) {
  uint8_t head[16];
  if (item->end - item->payload < 16) return;  // FFmpeg sets nothing
  if (!readPayload(reader, item, 0, head, 16)) return;
  uint64_t size = be32(head);
  if (!is((const char *)head + 4, "data") || size > item->end - item->payload || size < 16) {
    return;
  }
  char *slot;
  size_t capacity;
  int *present;
  if (!key || !valueSlot(reader, key, &slot, &capacity, &present)) return;
  char value[512];
  int read = readValue(reader, item, 16, be32(head + 8), size - 16, value,
                       capacity < sizeof value ? capacity : sizeof value);
  if (read < 0) {
    decline(reader);
  } else if (read > 0) {
    snprintf(slot, capacity, "%s", value);
    *present = 1;
  }
}

static int isTextTag(const char type[4]);

/// A `meta` box: its handler, then its `keys` and `ilst` (Apple's `mdta` keys) or its `ilst`
/// of iTunes tags (`mdir`), whose tags name no value the listing reads.
static void readMeta(Reader *reader, const Box *meta) {
  uint64_t first = CImageCodecs_movieMetaChildren(reader->source, meta);
  if (first == meta->end) {
    decline(reader);
    return;
  }
  char handler[4] = {0};
  char *keys[kMaxKeys + 1] = {0};
  uint32_t keyCount = 0;
  int sawKeys = 0;
  Box box;
  for (uint64_t offset = first; nextBox(reader, offset, meta->end, &box); offset = box.end) {
    if (is(box.type, "hdlr")) {
      uint8_t bytes[12];
      if (handler[0] || !readPayload(reader, &box, 0, bytes, 12)) {
        decline(reader);  // a second handler
        break;
      }
      memcpy(handler, bytes + 8, 4);
      if (!is(handler, "mdta") && !is(handler, "mdir")) decline(reader);
    } else if (is(box.type, "keys")) {
      uint8_t bytes[8];
      if (!is(handler, "mdta") || sawKeys || !readPayload(reader, &box, 0, bytes, 8)) {
        decline(reader);
        break;
      }
      sawKeys = 1;
      keyCount = be32(bytes + 4);
      if (keyCount > kMaxKeys) {
        decline(reader);
        break;
      }
      uint64_t at = 8;
      for (uint32_t i = 1; i <= keyCount && !reader->declined; i++) {
        uint8_t keyHead[8];
        if (!readPayload(reader, &box, at, keyHead, 8)) break;
        uint32_t size = be32(keyHead);
        if (size < 8 || !is((const char *)keyHead + 4, "mdta") || size - 8 > 255) {
          decline(reader);
          break;
        }
        keys[i] = calloc(1, size - 8 + 1);
        if (!keys[i] || !readPayload(reader, &box, at + 8, (uint8_t *)keys[i], size - 8)) {
          decline(reader);
          break;
        }
        at += size;
      }
    } else if (is(box.type, "ilst")) {
      if (!handler[0] || (is(handler, "mdta") && !sawKeys)) {
        decline(reader);
        break;
      }
      Box item;
      for (uint64_t at = box.payload; nextBox(reader, at, box.end, &item); at = item.end) {
        uint32_t index = be32((const uint8_t *)item.type);
        if (is(handler, "mdta") && index > 0 && index <= kMaxKeys) {
          readItem(reader, &item, index <= keyCount ? keys[index] : NULL);
        } else if (!is(handler, "mdta") && isTextTag(item.type)) {
          // An iTunes text tag: a name of FFmpeg's own, none the listing reads.
        } else {
          // A free-form tag (`----`) names its own key, cover art (`covr`) is a stream of its
          // own, a small number is looked up in earlier keys, and a box FFmpeg knows is parsed
          // as that box.
          decline(reader);
        }
      }
    } else if (!is(box.type, "free") && !is(box.type, "skip")) {
      decline(reader);
    }
  }
  for (uint32_t i = 0; i <= keyCount && i <= kMaxKeys; i++) free(keys[i]);
}

/// Whether `type` is a QuickTime text tag (`©nam`, `©xyz`, `©swr`, …: its first byte is
/// MacRoman's ©), which FFmpeg reads as a string under a name of its own.
static int isTextTag(const char type[4]) { return (uint8_t)type[0] == 0xA9; }

/// A `udta` box: FFmpeg reads its `meta` boxes as above, and its text tags (QuickTime's and
/// 3GPP's) as strings under names none of which the listing reads. Any other box is left to
/// FFmpeg, which parses a box it knows wherever it is (a movie header in user data too).
static void readUserData(Reader *reader, const Box *udta) {
  static const char *const textTags[] = {"name", "titl", "auth", "cprt", "dscp", "perf",
                                         "gnre", "albm", "yrrc", "kywd", "clsf", "rtng",
                                         "free", "skip", NULL};
  Box box;
  for (uint64_t offset = udta->payload; nextBox(reader, offset, udta->end, &box);
       offset = box.end) {
    if (is(box.type, "meta")) {
      readMeta(reader, &box);
    } else if (!isTextTag(box.type) && !isAny(box.type, textTags)) {
      decline(reader);
    }
  }
}

// MARK: Tracks

/// Reads a table's head (`headLength` bytes, its entry count last) into `bytes`: 0 (the movie
/// declined) when its `entryLength`-byte entries do not fit in the box, where FFmpeg refuses
/// the movie or reads past the box.
static int readTable(Reader *reader, const Box *box, uint64_t entryLength, size_t headLength,
                     uint8_t *bytes) {
  if (!readPayload(reader, box, 0, bytes, headLength)) return 0;
  uint64_t entries = be32(bytes + headLength - 4);
  if (entries > (box->end - box->payload - headLength) / entryLength) {
    decline(reader);
    return 0;
  }
  return 1;
}

/// Calls `check` with each `entryLength`-byte entry of a table read by readTable (entries
/// from `headLength`), until it returns 0 (the movie then declined).
static int eachEntry(Reader *reader, const Box *box, size_t headLength, uint64_t entries,
                     size_t entryLength, int (*check)(const uint8_t *entry, uint64_t index,
                                                      void *context),
                     void *context) {
  uint8_t batch[4096];
  size_t perBatch = sizeof batch / entryLength;
  for (uint64_t done = 0; done < entries;) {
    if (pastDeadline(reader)) return 0;
    size_t count = entries - done < perBatch ? (size_t)(entries - done) : perBatch;
    if (!readPayload(reader, box, headLength + done * entryLength, batch, count * entryLength)) {
      return 0;
    }
    for (size_t i = 0; i < count; i++) {
      if (!check(batch + i * entryLength, done + i, context)) {
        decline(reader);
        return 0;
      }
    }
    done += count;
  }
  return 1;
}

/// `stsc`: chunks numbered from 1 and rising, at least one sample each, a description that
/// exists (FFmpeg refuses or repairs others).
typedef struct {
  uint32_t previousFirst, descriptions;
} ChunkRuns;

static int isPlainChunkRun(const uint8_t *entry, uint64_t index, void *context) {
  ChunkRuns *runs = context;
  uint32_t first = be32(entry), samples = be32(entry + 4), description = be32(entry + 8);
  int rising = index == 0 ? first == 1 : first > runs->previousFirst;
  runs->previousFirst = first;
  return rising && samples >= 1 && samples <= INT32_MAX && description >= 1 &&
         description <= runs->descriptions;
}

/// `stsz`: a sample size FFmpeg holds in an int.
static int isPlainSampleSize(const uint8_t *entry, uint64_t index, void *context) {
  (void)index, (void)context;
  return be32(entry) <= INT32_MAX;
}

/// `dref`: each reference a box of its own, at least a full box's header long.
static void checkReferences(Reader *reader, const Box *dref) {
  uint8_t bytes[8];
  if (!readPayload(reader, dref, 0, bytes, 8)) return;
  uint32_t entries = be32(bytes + 4);
  if (entries == 0) {
    decline(reader);
    return;
  }
  Box box;
  uint64_t offset = dref->payload + 8;
  for (uint32_t i = 0; i < entries; i++, offset = box.end) {
    uint8_t size[4];
    if (!nextBox(reader, offset, dref->end, &box) ||
        reader->source->readAt(reader->source->context, box.start, size, 4) < 4 ||
        be32(size) < 12) {
      decline(reader);
      return;
    }
  }
}

/// A video sample entry's boxes (after its `fixed` bytes): each must fit in it, and be one
/// of the codec configurations and picture descriptions cameras write, whose effect on the
/// header is known (none on what is read here).
static void checkEntryBoxes(Reader *reader, uint64_t start, uint64_t fixed, uint64_t end) {
  static const char *const known[] = {"avcC", "hvcC", "pasp", "btrt", "colr", "fiel", "clap",
                                      "dvcC", "dvvC", "dvwC", "lhvC", "vexu", "hfov", "mdcv",
                                      "clli", "amve", "CoLL", "SmDm", "st3d", "sv3d", "free",
                                      NULL};
  Box box;
  for (uint64_t offset = start + fixed; end - offset >= 8 && nextBox(reader, offset, end, &box);
       offset = box.end) {
    if (!isAny(box.type, known)) decline(reader);
  }
}

static void readSampleTable(Reader *reader, Track *track, const Box *stbl) {
  static const char *const plainTables[] = {"sdtp", "sgpd", "sbgp", "cslg", "stsh", "subs",
                                            "saiz", "saio", "free", NULL};
  Box box;
  for (uint64_t offset = stbl->payload; nextBox(reader, offset, stbl->end, &box);
       offset = box.end) {
    uint8_t bytes[16];
    if (is(box.type, "stsd")) {
      if (track->sampleEntries || !readPayload(reader, &box, 0, bytes, 16)) {
        decline(reader);
        return;
      }
      track->sampleEntries = be32(bytes + 4);
      memcpy(track->sampleEntry, bytes + 12, 4);
      if (track->sampleEntries == 0) {
        decline(reader);
        return;
      }
      if (is(track->handler, "vide")) {
        uint8_t entry[36];
        // A visual sample entry takes at least 86 bytes.
        if (!readPayload(reader, &box, 8, entry, sizeof entry) || be32(entry) < 86 ||
            be32(entry) > box.end - box.payload - 8) {
          decline(reader);
          return;
        }
        checkEntryBoxes(reader, box.payload + 8, 86, box.payload + 8 + be32(entry));
        track->width = (int32_t)(be32(entry + 32) >> 16);
        track->height = (int32_t)(be32(entry + 32) & 0xFFFF);
      }
    } else if (is(box.type, "stts")) {
      if (track->sawTimes || !readPayload(reader, &box, 0, bytes, 8)) {
        decline(reader);
        return;
      }
      track->sawTimes = 1;
      uint64_t entries = be32(bytes + 4);
      if (entries == 0 || entries > (box.end - box.payload - 8) / 8) {
        decline(reader);
        return;
      }
      uint8_t pairs[4096];
      for (uint64_t done = 0; done < entries;) {
        if (pastDeadline(reader)) return;
        uint64_t batch = entries - done < sizeof pairs / 8 ? entries - done : sizeof pairs / 8;
        if (!readPayload(reader, &box, 8 + done * 8, pairs, batch * 8)) return;
        for (uint64_t i = 0; i < batch; i++) {
          uint32_t count = be32(pairs + 8 * i), ticks = be32(pairs + 8 * i + 4);
          // FFmpeg holds a sample's duration in an int and the count in an unsigned int.
          if (ticks > INT32_MAX) {
            decline(reader);
            return;
          }
          track->frames += count;
          track->frameTicks += (uint64_t)count * ticks;
        }
        if (track->frames > INT32_MAX || track->frameTicks > INT64_MAX / 2) {
          decline(reader);
          return;
        }
        done += batch;
      }
    } else if (is(box.type, "stsc")) {
      if (!readTable(reader, &box, 12, 8, bytes)) return;
      ChunkRuns runs = {0, track->sampleEntries};
      // The sample description comes first in a real movie: its entry count is known here.
      if (!track->sampleEntries ||
          !eachEntry(reader, &box, 8, be32(bytes + 4), 12, isPlainChunkRun, &runs)) {
        decline(reader);
        return;
      }
      track->sawSampleToChunk = be32(bytes + 4) > 0;
      track->lastRunFirstChunk = runs.previousFirst;
    } else if (is(box.type, "stco") || is(box.type, "co64")) {
      if (!readTable(reader, &box, is(box.type, "stco") ? 4 : 8, 8, bytes)) return;
      track->chunks = be32(bytes + 4);
      track->sawChunks = track->chunks > 0;
    } else if (is(box.type, "stss") || is(box.type, "stps")) {
      if (!readTable(reader, &box, 4, 8, bytes)) return;
    } else if (is(box.type, "ctts")) {
      if (!readTable(reader, &box, 8, 8, bytes)) return;
    } else if (is(box.type, "stsz")) {
      if (!readPayload(reader, &box, 0, bytes, 12)) return;
      // A table follows when no size is given for every sample.
      if (be32(bytes + 4) == 0 &&
          (!readTable(reader, &box, 4, 12, bytes) ||
           !eachEntry(reader, &box, 12, be32(bytes + 8), 4, isPlainSampleSize, NULL))) {
        return;
      }
      if (be32(bytes + 4) > INT32_MAX) {
        decline(reader);
        return;
      }
      track->sawSizes = be32(bytes + 4) > 0 || be32(bytes + 8) > 0;
    } else if (is(box.type, "stz2")) {
      if (!readPayload(reader, &box, 0, bytes, 12)) return;
      uint32_t bits = bytes[7];
      uint64_t count = be32(bytes + 8);
      if ((bits != 4 && bits != 8 && bits != 16) ||
          (count * bits + 7) / 8 > box.end - box.payload - 12) {
        decline(reader);
        return;
      }
      track->sawSizes = count > 0;
    } else if (!isAny(box.type, plainTables)) {
      decline(reader);
    }
  }
  // FFmpeg refuses a run of chunks past the last chunk.
  if (track->lastRunFirstChunk > track->chunks) decline(reader);
  track->sawSampleTable = 1;
}

static void readMedia(Reader *reader, Track *track, const Box *mdia) {
  static const char *const mediaInformation[] = {"vmhd", "smhd", "gmhd", "nmhd", "hdlr", "dinf",
                                                 NULL};
  Box box;
  for (uint64_t offset = mdia->payload; nextBox(reader, offset, mdia->end, &box);
       offset = box.end) {
    if (is(box.type, "mdhd")) {
      uint8_t bytes[24];
      if (track->sawMediaHeader || !readPayload(reader, &box, 0, bytes, 4)) {
        decline(reader);
        return;
      }
      int version = bytes[0];
      if (version > 1 || !readPayload(reader, &box, 0, bytes, version == 1 ? 24 : 16)) {
        decline(reader);
        return;
      }
      track->timeScale = be32(bytes + (version == 1 ? 20 : 12));
      if (track->timeScale == 0 || track->timeScale > INT32_MAX) decline(reader);
      track->sawMediaHeader = 1;
    } else if (is(box.type, "hdlr")) {
      uint8_t bytes[12];
      if (track->sawHandler || !readPayload(reader, &box, 0, bytes, 12)) {
        decline(reader);
        return;
      }
      memcpy(track->handler, bytes + 8, 4);
      track->sawHandler = 1;
    } else if (is(box.type, "minf")) {
      // The sample table's reading depends on the handler, which comes first in a real movie.
      if (!track->sawHandler) {
        decline(reader);
        return;
      }
      Box inner;
      for (uint64_t at = box.payload; nextBox(reader, at, box.end, &inner); at = inner.end) {
        if (is(inner.type, "dinf")) {
          Box reference;
          for (uint64_t r = inner.payload; nextBox(reader, r, inner.end, &reference);
               r = reference.end) {
            if (is(reference.type, "dref")) {
              checkReferences(reader, &reference);
            } else {
              decline(reader);
            }
          }
        } else if (is(inner.type, "gmhd")) {
          static const char *const generic[] = {"gmin", "text", "tmcd", "tcmi", NULL};
          checkChildren(reader, &inner, generic);
        } else if (is(inner.type, "stbl")) {
          if (track->sawSampleTable) {
            decline(reader);
            return;
          }
          readSampleTable(reader, track, &inner);
        } else if (!isAny(inner.type, mediaInformation)) {
          decline(reader);
        }
      }
    } else if (!is(box.type, "elng") && !is(box.type, "free")) {
      decline(reader);
    }
  }
}

/// Whether `track` is one FFmpeg sees as neither video nor sound: its handler is neither, and
/// its sample entry is no audio or video codec FFmpeg could turn it into.
static int isPlainData(const Track *track) {
  static const char *const entries[] = {"mebx", "tmcd", "text", "tx3g", "c608", "c708",
                                        "wvtt", "stpp", "mett", "metx", NULL};
  return isAny(track->sampleEntry, entries);
}

static void readTrack(Reader *reader, const Box *trak) {
  static const char *const ignored[] = {"load", "free", "skip", NULL};
  Track track = {0};
  if (!reader->sawHeader) {
    decline(reader);  // FFmpeg combines the track's matrix with the movie's, read before
    return;
  }
  Box box;
  for (uint64_t offset = trak->payload; nextBox(reader, offset, trak->end, &box);
       offset = box.end) {
    if (is(box.type, "tkhd")) {
      uint8_t bytes[88];
      if (track.sawTrackHeader || !readPayload(reader, &box, 0, bytes, 4)) {
        decline(reader);
        return;
      }
      size_t at = bytes[0] == 1 ? 52 : 40;
      if (bytes[0] > 1 || !readPayload(reader, &box, 0, bytes, at + 36)) {
        decline(reader);
        return;
      }
      readMatrix(bytes + at, track.matrix);
      track.sawTrackHeader = 1;
    } else if (is(box.type, "mdia")) {
      readMedia(reader, &track, &box);
    } else if (is(box.type, "edts")) {
      static const char *const edits[] = {"elst", NULL};
      checkChildren(reader, &box, edits);
    } else if (is(box.type, "tref")) {
      static const char *const references[] = {"cdsc", "cdep", "tmcd", "chap", "hint", "sync",
                                               "vdep", "font", "scpt", "ssrc", "ipir", "mpod",
                                               "sbas", "subt", "thmb", "auxl", "vplx", "dpnd",
                                               NULL};
      checkChildren(reader, &box, references);
    } else if (is(box.type, "tapt")) {
      static const char *const apertures[] = {"clef", "prof", "enof", NULL};
      checkChildren(reader, &box, apertures);
    } else if (is(box.type, "meta") || is(box.type, "udta")) {
      reader->inTrack = 1;
      if (is(box.type, "meta")) {
        readMeta(reader, &box);
      } else {
        readUserData(reader, &box);
      }
      reader->inTrack = 0;
    } else if (!isAny(box.type, ignored)) {
      decline(reader);
    }
  }
  if (reader->declined) return;
  if (!track.sawHandler) {
    decline(reader);
  } else if (is(track.handler, "soun")) {
    reader->hasAudio = 1;
  } else if (is(track.handler, "vide")) {
    reader->videoTracks++;
    const char *codec = is(track.sampleEntry, "avc1") || is(track.sampleEntry, "avc3") ? "h264"
                        : is(track.sampleEntry, "hvc1") || is(track.sampleEntry, "hev1")
                            ? "hevc"
                            : NULL;
    // FFmpeg drops the sample index of a track missing one of these (and reads no frames).
    if (!codec || track.sampleEntries != 1 || !track.sawTrackHeader || !track.sawMediaHeader ||
        !track.sawTimes || !track.sawChunks || !track.sawSampleToChunk || !track.sawSizes ||
        track.width <= 0 || track.height <= 0) {
      decline(reader);
      return;
    }
    reader->codec = codec;
    reader->width = track.width;
    reader->height = track.height;
    memcpy(reader->matrix, track.matrix, sizeof track.matrix);
    reader->frames = track.frames;
    reader->frameTicks = track.frameTicks;
    reader->trackTimeScale = track.timeScale;
  } else if (!isPlainData(&track)) {
    decline(reader);
  }
}

// MARK: The whole movie

static uint64_t greatestCommonDivisor(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/// The display matrix as FFmpeg keeps it: the track's, then the movie's, in fixed point.
static void displayMatrix(const Reader *reader, int32_t out[9]) {
  static const int shifts[3] = {16, 16, 30};
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      int64_t sum = 0;
      for (int e = 0; e < 3; e++) {
        sum += ((int64_t)reader->matrix[i][e] * reader->movieMatrix[e][j]) >> shifts[e];
      }
      out[i * 3 + j] = (int32_t)(uint32_t)(uint64_t)sum;
    }
  }
}

void CImageCodecs_movieReadTransform(const int32_t source[9], CImageCodecs_VideoInfo *info) {
  int32_t matrix[9];
  memcpy(matrix, source, sizeof matrix);
  double determinant = (double)matrix[0] * matrix[4] - (double)matrix[1] * matrix[3];
  if (determinant < 0) {
    // av_display_matrix_flip(matrix, 1, 0): the first column negated (wrapping, as FFmpeg's
    // multiplication by -1 does).
    info->mirrored = 1;
    for (int i = 0; i < 9; i += 3) matrix[i] = (int32_t)(0u - (uint32_t)matrix[i]);
  }
  // av_display_rotation_get: NaN, and so no rotation, when a column has no length.
  double scale0 = hypot(matrix[0] / 65536.0, matrix[3] / 65536.0);
  double scale1 = hypot(matrix[1] / 65536.0, matrix[4] / 65536.0);
  if (scale0 == 0.0 || scale1 == 0.0) return;
  double counterclockwise =
      -atan2((matrix[1] / 65536.0) / scale1, (matrix[0] / 65536.0) / scale0) * 180 / M_PI;
  long quarterTurns = lround(-counterclockwise / 90.0);
  info->rotation = (int32_t)(((quarterTurns % 4) + 4) % 4 * 90);
}

int CImageCodecs_movieReadHeader(const CImageCodecs_MovieSource *source,
                                 CImageCodecs_VideoInfo *info) {
  static const char *const topLevel[] = {"ftyp", "wide", "free", "skip", "mdat", NULL};
  static const char *const movieLevel[] = {"iods", "free", "skip", "wide", NULL};
  Reader reader = {.source = source};
  int movies = 0;
  Box box;
  for (uint64_t offset = 0; nextBox(&reader, offset, source->length, &box); offset = box.end) {
    if (is(box.type, "moov")) {
      if (movies++) decline(&reader);
      Box inner;
      for (uint64_t at = box.payload; nextBox(&reader, at, box.end, &inner); at = inner.end) {
        if (is(inner.type, "mvhd")) {
          readMovieHeader(&reader, &inner);
        } else if (is(inner.type, "trak")) {
          readTrack(&reader, &inner);
        } else if (is(inner.type, "udta")) {
          readUserData(&reader, &inner);
        } else if (is(inner.type, "meta")) {
          readMeta(&reader, &inner);
        } else if (!isAny(inner.type, movieLevel)) {
          decline(&reader);
        }
      }
    } else if (!isAny(box.type, topLevel)) {
      decline(&reader);
    }
  }
  if (reader.declined == 2) return -2;
  if (reader.declined || movies != 1 || !reader.sawHeader || reader.videoTracks != 1) return 0;

  // avformat's duration: the movie header's, in microseconds rounded to the nearest.
  unsigned __int128 scaled =
      ((unsigned __int128)reader.duration * 1000000 + reader.timeScale / 2) / reader.timeScale;
  if (scaled == 0 || scaled > INT64_MAX) return 0;
  info->duration = (double)(int64_t)scaled / 1000000;

  // The average frame rate: the samples over the sample table's ticks, as a reduced fraction
  // FFmpeg keeps only when both terms fit in an int.
  if (reader.frames == 0 || reader.frameTicks == 0) return 0;
  unsigned __int128 numerator = (unsigned __int128)reader.trackTimeScale * reader.frames;
  if (numerator > UINT64_MAX) return 0;
  uint64_t divisor = greatestCommonDivisor((uint64_t)numerator, reader.frameTicks);
  uint64_t num = (uint64_t)numerator / divisor, den = reader.frameTicks / divisor;
  if (num > INT32_MAX || den > INT32_MAX) return 0;
  info->frameRate = (double)(int32_t)num / (double)(int32_t)den;
  info->frameCount = (int64_t)reader.frames;

  info->width = reader.width;
  info->height = reader.height;
  int32_t matrix[9];
  displayMatrix(&reader, matrix);
  CImageCodecs_movieReadTransform(matrix, info);
  info->hasAudio = reader.hasAudio;
  snprintf(info->codec, sizeof info->codec, "%s", reader.codec);

  const Values *values = &reader.values;
  if (values->hasCreationDate && values->creationDate[0]) {
    snprintf(info->creationDate, sizeof info->creationDate, "%s", values->creationDate);
    info->creationDateSource = CImageCodecs_videoDateQuickTimeKey;
  } else if (values->hasCreationTime && values->creationTime[0]) {
    snprintf(info->creationDate, sizeof info->creationDate, "%s", values->creationTime);
    info->creationDateSource = CImageCodecs_videoDateMovieHeader;
  }
  if (values->hasContentIdentifier) {
    snprintf(info->contentIdentifier, sizeof info->contentIdentifier, "%s",
             values->contentIdentifier);
  }
  if (values->hasCaptureFPS && values->captureFPS[0]) {
    char *end = NULL;
    double value = strtod(values->captureFPS, &end);
    if (end != values->captureFPS && isfinite(value) && value > 0) info->captureFrameRate = value;
  }
  return 1;
}
