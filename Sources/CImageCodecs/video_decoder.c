// QuickTime/MP4 movies from memory with FFmpeg: libavformat's mov demuxer reads the header,
// libavcodec decodes the first key frame, libswscale converts it to RGBA. FFmpeg never prints
// (its log goes to a per-thread buffer that becomes the error message), and a deadline checked
// in every read, in the interrupt callback and between packets bounds the time spent per file.
// FFmpeg is not linked: its functions come from ffmpeg_loader.c when a movie first needs it (a
// plain camera movie's header is read from its boxes, movie_header.c, without it), and when it
// cannot be loaded such a movie fails with CImageCodecs_statusUnavailable and the reason.

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cimagecodecs_video.h"
#include "ffmpeg_loader.h"
#include "movie_boxes.h"

enum {
  kIOBufferSize = 64 * 1024,
  /// Packets read past the first key frame without a decoded frame before giving up.
  kMaxPacketsWithoutFrame = 600,
};

struct CImageCodecs_Video {
  /// FFmpeg's functions, or NULL until loaded (or when it could not be: see `triedFFmpeg`).
  const CImageCodecs_FFmpeg *ff;
  int triedFFmpeg;
  /// The bytes in memory, or NULL when the movie is read from `fd` with pread(2).
  const uint8_t *data;
  int fd;
  size_t length;
  int64_t position;
  double deadline;
  double timeLimit;
  int timedOut;
  AVIOContext *io;
  AVFormatContext *format;
  AVCodecContext *decoder;
  AVFrame *frame;
  AVPacket *packet;
  int streamIndex;
  /// 0 created, 1 header read, 2 poster decoded, 3 failed.
  int stage;
  char message[512];
  /// The box walks' reads of a movie in a file: the bytes of one read of kBoxWindow bytes,
  /// from `windowStart` (a walk reads a box header, or a small box, at a time: one pread(2)
  /// each was as many calls as a library's other files take in all).
  uint8_t *window;
  uint64_t windowStart;
  size_t windowLength;
};

enum { kBoxWindow = 32768 };

// MARK: FFmpeg's log: never printed, the last error kept per thread

static _Thread_local char lastLog[256];

static void logCallback(void *context, int level, const char *format, va_list arguments) {
  (void)context;
  if (level > AV_LOG_ERROR) return;
  vsnprintf(lastLog, sizeof lastLog, format, arguments);
  size_t length = strlen(lastLog);
  while (length > 0 && (lastLog[length - 1] == '\n' || lastLog[length - 1] == ' ')) {
    lastLog[--length] = 0;
  }
}

static pthread_once_t quietOnce = PTHREAD_ONCE_INIT;

static void makeFFmpegQuiet(void) {
  const CImageCodecs_FFmpeg *ff = CImageCodecs_ffmpegLoad(NULL);
  if (!ff) return;
  ff->av_log_set_level(AV_LOG_QUIET);
  ff->av_log_set_callback(logCallback);
}

// MARK: Deadline

static double monotonicSeconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static int pastDeadline(CImageCodecs_Video *video) {
  if (!video->timedOut && monotonicSeconds() > video->deadline) video->timedOut = 1;
  return video->timedOut;
}

static int interruptCallback(void *opaque) { return pastDeadline(opaque); }

// MARK: I/O from memory or from the file

/// Copies up to `count` bytes at `offset` into `buffer`: from memory, or with pread(2) from the
/// file (fewer at its end, or if it shrank). Returns how many were copied.
static size_t readAt(const CImageCodecs_Video *video, uint64_t offset, uint8_t *buffer,
                     size_t count) {
  if (offset >= video->length) return 0;
  if (count > video->length - offset) count = (size_t)(video->length - offset);
  if (video->data) {
    memcpy(buffer, video->data + offset, count);
    return count;
  }
  size_t filled = 0;
  while (filled < count) {
    ssize_t got = pread(video->fd, buffer + filled, count - filled, (off_t)(offset + filled));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    filled += (size_t)got;
  }
  return filled;
}


static int readPacket(void *opaque, uint8_t *buffer, int size) {
  CImageCodecs_Video *video = opaque;
  if (pastDeadline(video)) return AVERROR_EXIT;
  if (video->position >= (int64_t)video->length) return AVERROR_EOF;
  int64_t left = (int64_t)video->length - video->position;
  int count = left < size ? (int)left : size;
  size_t got = readAt(video, video->position, buffer, (size_t)count);
  if (got == 0) return AVERROR_EOF;
  video->position += (int64_t)got;
  return (int)got;
}

static int64_t seekPacket(void *opaque, int64_t offset, int whence) {
  CImageCodecs_Video *video = opaque;
  int64_t target;
  switch (whence & ~AVSEEK_FORCE) {
  case AVSEEK_SIZE: return (int64_t)video->length;
  case SEEK_SET: target = offset; break;
  case SEEK_CUR: target = video->position + offset; break;
  case SEEK_END: target = (int64_t)video->length + offset; break;
  default: return AVERROR(EINVAL);
  }
  if (target < 0) return AVERROR(EINVAL);
  video->position = target;  // past the end is allowed: the next read reports EOF
  return target;
}

// MARK: Failures

static CImageCodecs_Status fail(CImageCodecs_Video *video, CImageCodecs_Status status,
                                const char *what, int code) {
  video->stage = 3;
  if (video->timedOut) {
    snprintf(video->message, sizeof video->message, "took longer than the %g s time limit",
             video->timeLimit);
    return CImageCodecs_statusCorrupt;
  }
  char reason[AV_ERROR_MAX_STRING_SIZE] = "";
  if (code < 0 && video->ff) video->ff->av_strerror(code, reason, sizeof reason);
  if (lastLog[0] && reason[0]) {
    snprintf(video->message, sizeof video->message, "%s: %s (%s)", what, lastLog, reason);
  } else if (lastLog[0] || reason[0]) {
    snprintf(video->message, sizeof video->message, "%s: %s", what, lastLog[0] ? lastLog : reason);
  } else {
    snprintf(video->message, sizeof video->message, "%s", what);
  }
  return status;
}

// MARK: Boxes

/// Up to `count` bytes at `offset` for the box walks: through the reader's window when they
/// fit in one (read again at `offset` when they are not in it), else straight from the movie.
static size_t movieReadAt(void *context, uint64_t offset, uint8_t *buffer, size_t count) {
  CImageCodecs_Video *video = context;
  if (video->data || count > kBoxWindow) return readAt(video, offset, buffer, count);
  if (!video->window) {
    video->window = malloc(kBoxWindow);
    if (!video->window) return readAt(video, offset, buffer, count);
  }
  int inside = video->windowLength > 0 && offset >= video->windowStart &&
               offset + count <= video->windowStart + video->windowLength;
  if (!inside) {
    video->windowStart = offset;
    video->windowLength = readAt(video, offset, video->window, kBoxWindow);
  }
  if (offset < video->windowStart || offset >= video->windowStart + video->windowLength) return 0;
  size_t available = (size_t)(video->windowStart + video->windowLength - offset);
  size_t copied = count < available ? count : available;
  memcpy(buffer, video->window + (offset - video->windowStart), copied);
  return copied;
}

static int moviePastDeadline(void *context) { return pastDeadline(context); }

static CImageCodecs_MovieSource movieSource(CImageCodecs_Video *video) {
  return (CImageCodecs_MovieSource){movieReadAt, moviePastDeadline, video, video->length};
}

// MARK: Lifecycle

static CImageCodecs_Video *create(const uint8_t *data, int fd, size_t length,
                                  double timeLimitSeconds) {
  CImageCodecs_Video *video = calloc(1, sizeof *video);
  if (!video) return NULL;
  video->data = data;
  video->fd = fd;
  video->length = length;
  video->timeLimit = timeLimitSeconds;
  video->deadline = monotonicSeconds() + timeLimitSeconds;
  video->streamIndex = -1;
  return video;
}

/// Loads FFmpeg for this reader (once per process): 1 when loaded; 0 with the loader's reason
/// as the message and the reader failed.
static int needFFmpeg(CImageCodecs_Video *video) {
  if (!video->triedFFmpeg) {
    video->triedFFmpeg = 1;
    const char *failure = "";
    video->ff = CImageCodecs_ffmpegLoad(&failure);
    if (video->ff) {
      pthread_once(&quietOnce, makeFFmpegQuiet);
    } else {
      snprintf(video->message, sizeof video->message, "%s", failure);
    }
  }
  if (!video->ff) video->stage = 3;
  return video->ff != NULL;
}

CImageCodecs_Video *CImageCodecs_videoCreate(const uint8_t *data, size_t length,
                                             double timeLimitSeconds) {
  return create(data, -1, length, timeLimitSeconds);
}

CImageCodecs_Video *CImageCodecs_videoCreateFromFile(int fd, int64_t length,
                                                     double timeLimitSeconds) {
  return create(NULL, fd, length < 0 ? 0 : (size_t)length, timeLimitSeconds);
}

void CImageCodecs_videoDestroy(CImageCodecs_Video *video) {
  if (!video) return;
  free(video->window);
  const CImageCodecs_FFmpeg *ff = video->ff;
  if (!ff) {
    free(video);
    return;
  }
  ff->av_packet_free(&video->packet);
  ff->av_frame_free(&video->frame);
  ff->avcodec_free_context(&video->decoder);
  ff->avformat_close_input(&video->format);
  if (video->io) {
    ff->av_freep(&video->io->buffer);
    ff->avio_context_free(&video->io);
  }
  free(video);
}

const char *CImageCodecs_videoMessage(const CImageCodecs_Video *video) {
  return video ? video->message : "";
}

// MARK: Header

static void copyString(char *destination, size_t capacity, const char *source) {
  snprintf(destination, capacity, "%s", source ? source : "");
}

static const char *metadataValue(const CImageCodecs_FFmpeg *ff, AVDictionary *metadata,
                                 const char *key) {
  AVDictionaryEntry *entry = ff->av_dict_get(metadata, key, NULL, 0);
  return entry && entry->value[0] ? entry->value : NULL;
}

static const int32_t *displayMatrix(const CImageCodecs_FFmpeg *ff, const AVStream *stream) {
#if LIBAVFORMAT_VERSION_INT >= AV_VERSION_INT(60, 15, 100)
  const AVPacketSideData *side =
      ff->av_packet_side_data_get(stream->codecpar->coded_side_data,
                                  stream->codecpar->nb_coded_side_data, AV_PKT_DATA_DISPLAYMATRIX);
  return side && side->size >= 9 * sizeof(int32_t) ? (const int32_t *)side->data : NULL;
#else
  size_t size = 0;
  const uint8_t *data = ff->av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
  return data && size >= 9 * sizeof(int32_t) ? (const int32_t *)data : NULL;
#endif
}

/// The track's display matrix as a horizontal mirror followed by a clockwise rotation (the
/// way ffmpeg's autorotate reads it; read the same way as a matrix read from the boxes).
static void readTransform(const CImageCodecs_FFmpeg *ff, const AVStream *stream,
                          CImageCodecs_VideoInfo *info) {
  const int32_t *matrix = displayMatrix(ff, stream);
  if (matrix) CImageCodecs_movieReadTransform(matrix, info);
}

static void readBrand(const CImageCodecs_Video *video, CImageCodecs_VideoInfo *info) {
  uint8_t head[12];
  if (readAt(video, 0, head, sizeof head) == sizeof head && memcmp(head + 4, "ftyp", 4) == 0) {
    memcpy(info->majorBrand, head + 8, 4);
    info->majorBrand[4] = 0;
  }
}

/// Opens the movie with avformat_open_input and picks the video track, filling `info`.
static CImageCodecs_Status openWithFFmpeg(CImageCodecs_Video *video,
                                          CImageCodecs_VideoInfo *info) {
  if (!needFFmpeg(video)) return CImageCodecs_statusUnavailable;
  const CImageCodecs_FFmpeg *ff = video->ff;
  uint8_t *buffer = ff->av_malloc(kIOBufferSize);
  if (!buffer) return fail(video, CImageCodecs_statusTooLarge, "out of memory", 0);
  video->io =
      ff->avio_alloc_context(buffer, kIOBufferSize, 0, video, readPacket, NULL, seekPacket);
  if (!video->io) {
    ff->av_free(buffer);
    return fail(video, CImageCodecs_statusTooLarge, "out of memory", 0);
  }
  video->format = ff->avformat_alloc_context();
  if (!video->format) return fail(video, CImageCodecs_statusTooLarge, "out of memory", 0);
  video->format->pb = video->io;
  video->format->interrupt_callback.callback = interruptCallback;
  video->format->interrupt_callback.opaque = video;
  const AVInputFormat *mov = ff->av_find_input_format("mov");
  int code = ff->avformat_open_input(&video->format, NULL, mov, NULL);
  if (code < 0) {
    // avformat_open_input frees the context on failure.
    video->format = NULL;
    return fail(video, CImageCodecs_statusCorrupt, "cannot read the movie header", code);
  }
  const AVCodec *codec = NULL;
  int index = ff->av_find_best_stream(video->format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  if (index == AVERROR_STREAM_NOT_FOUND) {
    return fail(video, CImageCodecs_statusUnsupported, "no video track", 0);
  }
  if (index < 0 || !codec) {
    const AVCodecDescriptor *descriptor =
        index >= 0
            ? ff->avcodec_descriptor_get(video->format->streams[index]->codecpar->codec_id)
            : NULL;
    char what[96];
    snprintf(what, sizeof what, "no decoder for the video codec %s",
             descriptor ? descriptor->name : "(unknown)");
    return fail(video, CImageCodecs_statusUnsupported, what, 0);
  }
  video->streamIndex = index;
  AVStream *stream = video->format->streams[index];
  AVCodecParameters *parameters = stream->codecpar;
  if (parameters->width <= 0 || parameters->height <= 0) {
    return fail(video, CImageCodecs_statusCorrupt, "the video track has no frame size", 0);
  }
  info->width = parameters->width;
  info->height = parameters->height;
  readTransform(ff, stream, info);
  if (video->format->duration != AV_NOPTS_VALUE && video->format->duration > 0) {
    info->duration = (double)video->format->duration / AV_TIME_BASE;
  } else if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
    info->duration = (double)stream->duration * av_q2d(stream->time_base);
  } else {
    info->duration = -1;
  }
  info->frameCount = stream->nb_frames > 0 ? stream->nb_frames : 0;
  if (stream->avg_frame_rate.num > 0 && stream->avg_frame_rate.den > 0) {
    info->frameRate = av_q2d(stream->avg_frame_rate);
  } else if (info->frameCount > 0 && stream->duration > 0) {
    info->frameRate = (double)info->frameCount / ((double)stream->duration * av_q2d(stream->time_base));
  }
  for (unsigned i = 0; i < video->format->nb_streams; i++) {
    if (video->format->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_AUDIO) info->hasAudio = 1;
  }
  copyString(info->codec, sizeof info->codec, codec->name);
  const AVCodecDescriptor *descriptor = ff->avcodec_descriptor_get(parameters->codec_id);
  if (descriptor) copyString(info->codec, sizeof info->codec, descriptor->name);

  AVDictionary *metadata = video->format->metadata;
  const char *date = metadataValue(ff, metadata, "com.apple.quicktime.creationdate");
  if (date) {
    info->creationDateSource = CImageCodecs_videoDateQuickTimeKey;
  } else if ((date = metadataValue(ff, metadata, "creation_time"))) {
    info->creationDateSource = CImageCodecs_videoDateMovieHeader;
  }
  copyString(info->creationDate, sizeof info->creationDate, date);
  copyString(info->contentIdentifier, sizeof info->contentIdentifier,
             metadataValue(ff, metadata, "com.apple.quicktime.content.identifier"));
  const char *captureFPS = metadataValue(ff, metadata, "com.android.capture.fps");
  if (captureFPS) {
    char *end = NULL;
    double value = strtod(captureFPS, &end);
    if (end != captureFPS && isfinite(value) && value > 0) info->captureFrameRate = value;
  }
  return CImageCodecs_statusOK;
}

CImageCodecs_Status CImageCodecs_videoReadInfoWith(CImageCodecs_Video *video,
                                                   CImageCodecs_VideoInfo *info,
                                                   CImageCodecs_VideoHeaderReader reader) {
  if (!video || !info || video->stage != 0) return CImageCodecs_statusMisuse;
  memset(info, 0, sizeof *info);
  lastLog[0] = 0;
  CImageCodecs_MovieSource source = movieSource(video);
  switch (CImageCodecs_movieHasCompleteMovieBox(&source)) {
  case 0:
    video->stage = 3;
    snprintf(video->message, sizeof video->message, "the movie box (moov) is missing or cut");
    return CImageCodecs_statusTruncated;
  case -1: return fail(video, CImageCodecs_statusCorrupt, "impossible box size", 0);
  case -2: return fail(video, CImageCodecs_statusCorrupt, "", 0);
  default: break;
  }
  char counted[256] = "";
  CImageCodecs_Status samples =
      CImageCodecs_movieCheckSampleCounts(&source, counted, sizeof counted);
  if (samples != CImageCodecs_statusOK) return fail(video, samples, counted, 0);
  if (reader != CImageCodecs_videoHeaderFFmpeg) {
    switch (CImageCodecs_movieReadHeader(&source, info)) {
    case 1:
      readBrand(video, info);
      video->stage = 1;
      return CImageCodecs_statusOK;
    case -2: return fail(video, CImageCodecs_statusCorrupt, "", 0);
    default:
      memset(info, 0, sizeof *info);
      if (reader == CImageCodecs_videoHeaderBoxes) {
        return fail(video, CImageCodecs_statusUnsupported, "left to FFmpeg", 0);
      }
    }
  }
  CImageCodecs_Status opened = openWithFFmpeg(video, info);
  if (opened != CImageCodecs_statusOK) return opened;
  readBrand(video, info);
  video->stage = 1;
  return CImageCodecs_statusOK;
}

CImageCodecs_Status CImageCodecs_videoReadInfo(CImageCodecs_Video *video,
                                               CImageCodecs_VideoInfo *info) {
  return CImageCodecs_videoReadInfoWith(video, info, CImageCodecs_videoHeaderAutomatic);
}

// MARK: Poster frame

static CImageCodecs_Status openDecoder(CImageCodecs_Video *video) {
  const CImageCodecs_FFmpeg *ff = video->ff;
  AVStream *stream = video->format->streams[video->streamIndex];
  const AVCodec *codec = ff->avcodec_find_decoder(stream->codecpar->codec_id);
  if (!codec) return fail(video, CImageCodecs_statusUnsupported, "no decoder for the video", 0);
  video->decoder = ff->avcodec_alloc_context3(codec);
  video->frame = ff->av_frame_alloc();
  video->packet = ff->av_packet_alloc();
  if (!video->decoder || !video->frame || !video->packet) {
    return fail(video, CImageCodecs_statusTooLarge, "out of memory", 0);
  }
  int code = ff->avcodec_parameters_to_context(video->decoder, stream->codecpar);
  if (code < 0) return fail(video, CImageCodecs_statusCorrupt, "bad codec parameters", code);
  // One frame is wanted: frame threading would only delay it; slices may still run in parallel.
  video->decoder->thread_type = FF_THREAD_SLICE;
  video->decoder->thread_count = 0;
  code = ff->avcodec_open2(video->decoder, codec, NULL);
  if (code < 0) return fail(video, CImageCodecs_statusCorrupt, "cannot open the decoder", code);
  for (unsigned i = 0; i < video->format->nb_streams; i++) {
    if ((int)i != video->streamIndex) video->format->streams[i]->discard = AVDISCARD_ALL;
  }
  return CImageCodecs_statusOK;
}

CImageCodecs_Status CImageCodecs_videoDecodePoster(CImageCodecs_Video *video) {
  if (!video || video->stage != 1) return CImageCodecs_statusMisuse;
  lastLog[0] = 0;
  if (!video->format) {
    // The header was read from the boxes: FFmpeg reads it again to decode.
    CImageCodecs_VideoInfo read;
    CImageCodecs_Status status = openWithFFmpeg(video, &read);
    if (status != CImageCodecs_statusOK) return status;
  }
  const CImageCodecs_FFmpeg *ff = video->ff;
  CImageCodecs_Status opened = openDecoder(video);
  if (opened != CImageCodecs_statusOK) return opened;
  int sawKeyFrame = 0;
  int packetsSinceKey = 0;
  int lastError = 0;
  for (;;) {
    if (pastDeadline(video)) return fail(video, CImageCodecs_statusCorrupt, "", 0);
    int code = ff->av_read_frame(video->format, video->packet);
    if (code < 0) {
      if (code != AVERROR_EOF) lastError = code;
      break;  // drain below
    }
    int wanted = video->packet->stream_index == video->streamIndex &&
                 (sawKeyFrame || (video->packet->flags & AV_PKT_FLAG_KEY));
    if (!wanted) {
      ff->av_packet_unref(video->packet);
      continue;
    }
    sawKeyFrame = 1;
    code = ff->avcodec_send_packet(video->decoder, video->packet);
    ff->av_packet_unref(video->packet);
    if (code < 0 && code != AVERROR(EAGAIN)) lastError = code;  // a damaged packet: go on
    code = ff->avcodec_receive_frame(video->decoder, video->frame);
    if (code == 0) {
      video->stage = 2;
      return CImageCodecs_statusOK;
    }
    if (code != AVERROR(EAGAIN)) lastError = code;
    if (++packetsSinceKey > kMaxPacketsWithoutFrame) break;
  }
  if (ff->avcodec_send_packet(video->decoder, NULL) >= 0 &&
      ff->avcodec_receive_frame(video->decoder, video->frame) == 0) {
    video->stage = 2;
    return CImageCodecs_statusOK;
  }
  if (!sawKeyFrame) {
    return fail(video, CImageCodecs_statusCorrupt, "no key frame in the video track", lastError);
  }
  return fail(video, CImageCodecs_statusCorrupt, "no frame could be decoded", lastError);
}

static int isFullRangeFormat(enum AVPixelFormat format) {
  return format == AV_PIX_FMT_YUVJ420P || format == AV_PIX_FMT_YUVJ422P ||
         format == AV_PIX_FMT_YUVJ444P || format == AV_PIX_FMT_YUVJ440P ||
         format == AV_PIX_FMT_YUVJ411P;
}

CImageCodecs_Status CImageCodecs_videoReadRGBA(CImageCodecs_Video *video, int32_t width,
                                               int32_t height, uint8_t *pixels, size_t stride) {
  if (!video || video->stage != 2 || width <= 0 || height <= 0 || !pixels ||
      stride < (size_t)width * 4) {
    return CImageCodecs_statusMisuse;
  }
  const CImageCodecs_FFmpeg *ff = video->ff;
  AVFrame *frame = video->frame;
  enum AVPixelFormat format = frame->format;
  struct SwsContext *scaler =
      ff->sws_getContext(frame->width, frame->height, format, width, height, AV_PIX_FMT_RGBA,
                         SWS_BICUBIC, NULL, NULL, NULL);
  if (!scaler) {
    const char *name = ff->av_get_pix_fmt_name(format);
    char what[96];
    snprintf(what, sizeof what, "cannot convert pixel format %s to RGBA", name ? name : "?");
    return fail(video, CImageCodecs_statusUnsupported, what, 0);
  }
  // The frame's own YCbCr matrix and range (BT.709 for HD), as ffmpeg's scale filter does.
  int colorspace = frame->colorspace;
  if (colorspace == AVCOL_SPC_UNSPECIFIED || colorspace == AVCOL_SPC_RGB ||
      colorspace == AVCOL_SPC_RESERVED || colorspace > AVCOL_SPC_BT2020_CL) {
    colorspace = AVCOL_SPC_BT470BG;
  }
  int fullRange = frame->color_range == AVCOL_RANGE_JPEG || isFullRangeFormat(format);
  const int *coefficients = ff->sws_getCoefficients(colorspace);
  ff->sws_setColorspaceDetails(scaler, coefficients, fullRange,
                               ff->sws_getCoefficients(AVCOL_SPC_BT709), 1, 0, 1 << 16, 1 << 16);
  uint8_t *planes[4] = {pixels, NULL, NULL, NULL};
  int strides[4] = {(int)stride, 0, 0, 0};
  int rows = ff->sws_scale(scaler, (const uint8_t *const *)frame->data, frame->linesize, 0,
                           frame->height, planes, strides);
  ff->sws_freeContext(scaler);
  if (rows != height) return fail(video, CImageCodecs_statusCorrupt, "swscale failed", rows);
  for (int32_t y = 0; y < height; y++) {
    uint8_t *row = pixels + (size_t)y * stride;
    for (int32_t x = 0; x < width; x++) row[x * 4 + 3] = 255;
  }
  return CImageCodecs_statusOK;
}
