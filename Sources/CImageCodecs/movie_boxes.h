#ifndef CIMAGECODECS_MOVIE_BOXES_H
#define CIMAGECODECS_MOVIE_BOXES_H

// The ISO base media (QuickTime/MP4) box walks done before FFmpeg sees a movie: whether the
// `moov` box is whole, whether its sample tables fit in the file, and the header of a plain
// camera movie. Internal to the module.

#include <stddef.h>
#include <stdint.h>

#include "cimagecodecs_status.h"
#include "cimagecodecs_video.h"

/// Where the boxes are read from: `readAt` copies up to `count` bytes at `offset` and returns
/// how many it copied; `pastDeadline` says when to give up.
typedef struct {
  size_t (*readAt)(void *context, uint64_t offset, uint8_t *buffer, size_t count);
  int (*pastDeadline)(void *context);
  void *context;
  uint64_t length;
} CImageCodecs_MovieSource;

/// A box: its type, where it starts, where its payload starts, and where it ends.
typedef struct {
  char type[4];
  uint64_t start, payload, end;
} CImageCodecs_MovieBox;

/// The big-endian 32-bit number at `bytes`.
static inline uint32_t CImageCodecs_movieBigEndian32(const uint8_t *bytes) {
  return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/// Reads the header of the box at `offset` inside a parent that ends at `limit` (a size of 0
/// runs to `limit`; the box may end past it): 1 when read, 0 when the bytes end first, -1 when
/// its size is impossible.
int CImageCodecs_movieReadBox(const CImageCodecs_MovieSource *source, uint64_t offset,
                              uint64_t limit, CImageCodecs_MovieBox *box);

/// Where the boxes inside the `meta` box `box` start: QuickTime's starts with its handler,
/// ISO's with a version and flags (FFmpeg looks for the handler the same way); `box->end` when
/// no handler comes first.
uint64_t CImageCodecs_movieMetaChildren(const CImageCodecs_MovieSource *source,
                                        const CImageCodecs_MovieBox *box);

/// The most samples (all tracks, movie and fragments) a movie may declare: FFmpeg keeps about
/// 32 bytes of index per sample, so this is 1 GiB of index. A real movie has far fewer (an
/// hour at 240 fps is 864,000 frames).
enum { CImageCodecs_movieMaxSamples = 1 << 25 };

/// Walks the top-level boxes: 1 when a complete `moov` box is in the source, 0 when it ends
/// first, -1 when a box size is impossible, -2 when the deadline passed.
int CImageCodecs_movieHasCompleteMovieBox(const CImageCodecs_MovieSource *source);

/// Adds up the samples that the sample tables (`stsz`, `stz2` of each track) and the fragments
/// (`trun`) declare, and refuses a movie that declares more than its size can hold (every
/// sample takes at least one byte, or its table entry; each `stts` on its own too) or more
/// than CImageCodecs_movieMaxSamples, before FFmpeg allocates an index entry for each; and a
/// metadata key table (`keys`) that declares more keys than its box holds, before FFmpeg
/// allocates a pointer for each. Returns CImageCodecs_statusOK, or a failure with the reason
/// in `message`.
CImageCodecs_Status CImageCodecs_movieCheckSampleCounts(const CImageCodecs_MovieSource *source,
                                                       char *message, size_t capacity);

/// Reads the header of a plain camera movie without FFmpeg (movie_header.c): 1 with `info` set
/// as FFmpeg's mov demuxer would set it (all but the major brand), 0 when the movie has a box
/// this reader leaves to FFmpeg, -2 when the deadline passed.
int CImageCodecs_movieReadHeader(const CImageCodecs_MovieSource *source,
                                 CImageCodecs_VideoInfo *info);

/// Sets `info`'s rotation and mirroring from a display matrix (FFmpeg's layout, 16.16 and
/// 2.30 fixed point) as ffmpeg's autorotate reads it: a negative determinant is a horizontal
/// mirror (av_display_matrix_flip), then av_display_rotation_get rounded to a quarter turn,
/// clockwise. A matrix with a column of no length leaves the rotation at 0.
void CImageCodecs_movieReadTransform(const int32_t matrix[9], CImageCodecs_VideoInfo *info);

#endif
