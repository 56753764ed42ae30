#ifndef CIMAGECODECS_VIDEO_H
#define CIMAGECODECS_VIDEO_H

#include <stddef.h>
#include <stdint.h>

#include "cimagecodecs_status.h"

/// A QuickTime/MP4 movie held in memory or in an open file, read with FFmpeg's libavformat,
/// libavcodec and libswscale, which are opened (dlopen) when the first reader is made, not
/// linked. Opaque: no FFmpeg header appears in this module's public headers.
typedef struct CImageCodecs_Video CImageCodecs_Video;

/// Where CImageCodecs_VideoInfo.creationDate came from.
typedef enum {
  /// No creation date in the file.
  CImageCodecs_videoDateNone = 0,
  /// The `com.apple.quicktime.creationdate` key (local time with its UTC offset).
  CImageCodecs_videoDateQuickTimeKey = 1,
  /// The movie header (`mvhd`) creation time, in UTC.
  CImageCodecs_videoDateMovieHeader = 2,
} CImageCodecs_VideoDateSource;

/// What the movie's header (`moov`) says, read without decoding a frame.
typedef struct {
  /// The video track's size as coded, before the display matrix is applied.
  int32_t width;
  int32_t height;
  /// Clockwise degrees (0, 90, 180 or 270) that display the coded frame upright, from the
  /// track's display matrix; applied after `mirrored`.
  int32_t rotation;
  /// Whether the display matrix mirrors the frame horizontally (before the rotation).
  int32_t mirrored;
  /// The movie's duration in seconds, or a negative value when unknown.
  double duration;
  /// The video track's average frame rate (frames over its duration), or 0 when unknown.
  double frameRate;
  /// Frames in the video track, or 0 when unknown.
  int64_t frameCount;
  /// `com.android.capture.fps`: the rate the camera captured at, or 0 when absent.
  double captureFrameRate;
  /// Whether the movie has an audio track.
  int32_t hasAudio;
  /// FFmpeg's name of the video codec ("h264", "hevc"), NUL-terminated.
  char codec[32];
  /// The creation date as written (see creationDateSource), NUL-terminated, or "".
  char creationDate[64];
  CImageCodecs_VideoDateSource creationDateSource;
  /// `com.apple.quicktime.content.identifier` (pairs a Live Photo's movie with its still),
  /// NUL-terminated, or "".
  char contentIdentifier[128];
  /// The `ftyp` major brand ("qt  ", "isom"), or "" when the file has no `ftyp`.
  char majorBrand[5];
} CImageCodecs_VideoInfo;

/// Creates a reader over `length` bytes at `data` (which must outlive it). Every later call
/// fails with CImageCodecs_statusCorrupt ("took longer than …") once `timeLimitSeconds` have
/// passed since this call. Returns NULL only when out of memory.
CImageCodecs_Video *CImageCodecs_videoCreate(const uint8_t *data, size_t length,
                                             double timeLimitSeconds);

/// Creates a reader over the first `length` bytes of the open regular file `fd` (which must
/// stay open while the reader lives), read with pread(2) as FFmpeg asks, so that memory does
/// not grow with the file's size. Otherwise as CImageCodecs_videoCreate.
CImageCodecs_Video *CImageCodecs_videoCreateFromFile(int fd, int64_t length,
                                                     double timeLimitSeconds);

/// Destroys the reader and everything FFmpeg allocated for it.
void CImageCodecs_videoDestroy(CImageCodecs_Video *video);

/// Reads the header and picks the video track. A plain camera movie (one H.264 or HEVC track,
/// sample tables and metadata of the kinds cameras write) is read from its boxes without
/// loading FFmpeg, with the values FFmpeg's mov demuxer gives; any other movie is read by
/// avformat_open_input. Returns CImageCodecs_statusTruncated when the bytes end before the
/// `moov` box does (a prefix of the file: give more bytes), CImageCodecs_statusUnsupported when
/// there is no video track FFmpeg decodes, CImageCodecs_statusUnavailable when FFmpeg was
/// needed and could not be loaded (the message names the library, the loader's reason and the
/// package to install).
CImageCodecs_Status CImageCodecs_videoReadInfo(CImageCodecs_Video *video,
                                               CImageCodecs_VideoInfo *info);

/// Which reader CImageCodecs_videoReadInfoWith uses for the header.
typedef enum {
  /// The boxes when the movie is a plain camera movie, else FFmpeg (CImageCodecs_videoReadInfo).
  CImageCodecs_videoHeaderAutomatic = 0,
  /// FFmpeg only.
  CImageCodecs_videoHeaderFFmpeg = 1,
  /// The boxes only: CImageCodecs_statusUnsupported ("left to FFmpeg") for any other movie.
  CImageCodecs_videoHeaderBoxes = 2,
} CImageCodecs_VideoHeaderReader;

/// CImageCodecs_videoReadInfo with the reader chosen: the tests hold the two readers to the
/// same values.
CImageCodecs_Status CImageCodecs_videoReadInfoWith(CImageCodecs_Video *video,
                                                   CImageCodecs_VideoInfo *info,
                                                   CImageCodecs_VideoHeaderReader reader);

/// Decodes the poster frame: the first frame decoded from the first key frame of the video
/// track. Call after CImageCodecs_videoReadInfo; FFmpeg opens the movie here when the header
/// was read from its boxes (CImageCodecs_statusUnavailable when it cannot be loaded).
CImageCodecs_Status CImageCodecs_videoDecodePoster(CImageCodecs_Video *video);

/// Converts the poster frame to 8-bit RGBA (alpha 255) at `width` × `height` (coded
/// orientation; swscale bicubic, with the frame's YCbCr matrix and range) into `pixels`, rows
/// `stride` bytes apart.
CImageCodecs_Status CImageCodecs_videoReadRGBA(CImageCodecs_Video *video, int32_t width,
                                               int32_t height, uint8_t *pixels, size_t stride);

/// The reason of the last failure (with FFmpeg's own message when it gave one), or "".
const char *CImageCodecs_videoMessage(const CImageCodecs_Video *video);

#endif
