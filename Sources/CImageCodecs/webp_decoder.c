// libwebp reading from memory: WebPDemux for the chunks (canvas, frames, EXIF), WebPDecode for
// still images and WebPAnimDecoder for animation frames. libwebp reports errors as values.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>

#include "cimagecodecs_webp.h"

struct CImageCodecs_WebP {
  WebPData data;
  WebPDemuxer *demux;
  WebPAnimDecoder *animation;
  uint32_t width;
  uint32_t height;
  char message[256];
};

static CImageCodecs_Status fail(CImageCodecs_WebP *webp, CImageCodecs_Status status,
                                const char *text) {
  snprintf(webp->message, sizeof webp->message, "%s", text);
  return status;
}

static CImageCodecs_Status failVP8(CImageCodecs_WebP *webp, VP8StatusCode code) {
  switch (code) {
  case VP8_STATUS_OUT_OF_MEMORY:
    return fail(webp, CImageCodecs_statusTooLarge, "out of memory");
  case VP8_STATUS_UNSUPPORTED_FEATURE:
    return fail(webp, CImageCodecs_statusUnsupported, "unsupported feature");
  case VP8_STATUS_NOT_ENOUGH_DATA:
    return fail(webp, CImageCodecs_statusTruncated, "not enough data");
  case VP8_STATUS_INVALID_PARAM:
    return fail(webp, CImageCodecs_statusMisuse, "invalid parameter");
  default:
    return fail(webp, CImageCodecs_statusCorrupt, "bitstream error");
  }
}

CImageCodecs_WebP *CImageCodecs_webpCreate(const uint8_t *data, size_t length) {
  CImageCodecs_WebP *webp = calloc(1, sizeof *webp);
  if (webp == NULL) return NULL;
  webp->data.bytes = data;
  webp->data.size = length;
  return webp;
}

void CImageCodecs_webpDestroy(CImageCodecs_WebP *webp) {
  if (webp == NULL) return;
  if (webp->animation) WebPAnimDecoderDelete(webp->animation);
  if (webp->demux) WebPDemuxDelete(webp->demux);
  free(webp);
}

CImageCodecs_Status CImageCodecs_webpReadHeader(CImageCodecs_WebP *webp,
                                                CImageCodecs_WebPHeader *header) {
  memset(header, 0, sizeof *header);
  if (webp->demux != NULL) return fail(webp, CImageCodecs_statusMisuse, "header read twice");
  WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
  webp->demux = WebPDemuxPartial(&webp->data, &state);
  if (webp->demux == NULL || state == WEBP_DEMUX_PARSE_ERROR) {
    // WebPDemuxPartial refuses a RIFF header whose size runs past the bytes given only when
    // the header itself is incomplete; anything else here is not a WebP stream.
    if (webp->data.size < 12) return fail(webp, CImageCodecs_statusTruncated, "header cut short");
    return fail(webp, CImageCodecs_statusCorrupt, "not a valid WebP container");
  }
  if (state != WEBP_DEMUX_DONE) {
    return fail(webp, CImageCodecs_statusTruncated, "the file ends inside a chunk");
  }
  uint32_t flags = WebPDemuxGetI(webp->demux, WEBP_FF_FORMAT_FLAGS);
  header->width = webp->width = WebPDemuxGetI(webp->demux, WEBP_FF_CANVAS_WIDTH);
  header->height = webp->height = WebPDemuxGetI(webp->demux, WEBP_FF_CANVAS_HEIGHT);
  header->frameCount = WebPDemuxGetI(webp->demux, WEBP_FF_FRAME_COUNT);
  header->loopCount = WebPDemuxGetI(webp->demux, WEBP_FF_LOOP_COUNT);
  header->isAnimated = (flags & ANIMATION_FLAG) != 0;
  if (header->frameCount == 0) return fail(webp, CImageCodecs_statusCorrupt, "no frame");
  WebPIterator frame;
  if (!WebPDemuxGetFrame(webp->demux, 1, &frame)) {
    return fail(webp, CImageCodecs_statusCorrupt, "no frame");
  }
  WebPBitstreamFeatures features;
  VP8StatusCode code = WebPGetFeatures(frame.fragment.bytes, frame.fragment.size, &features);
  header->hasAlpha = (flags & ALPHA_FLAG) != 0 || frame.has_alpha;
  WebPDemuxReleaseIterator(&frame);
  if (code != VP8_STATUS_OK) {
    CImageCodecs_Status status = failVP8(webp, code);
    return status == CImageCodecs_statusTruncated ? CImageCodecs_statusCorrupt : status;
  }
  header->isLossless = features.format == 2;
  WebPChunkIterator chunk;
  if (WebPDemuxGetChunk(webp->demux, "EXIF", 1, &chunk)) {
    header->exif = chunk.chunk.bytes;
    header->exifLength = chunk.chunk.size;
    WebPDemuxReleaseChunkIterator(&chunk);
  }
  return CImageCodecs_statusOK;
}

int CImageCodecs_webpFrameDuration(const CImageCodecs_WebP *webp, uint32_t index) {
  if (webp->demux == NULL) return 0;
  WebPIterator frame;
  if (!WebPDemuxGetFrame(webp->demux, (int)index + 1, &frame)) return 0;
  int duration = frame.duration;
  WebPDemuxReleaseIterator(&frame);
  return duration;
}

uint32_t CImageCodecs_webpFrameDurations(const CImageCodecs_WebP *webp, int32_t *durations,
                                         uint32_t capacity) {
  // libwebpdemux finds frame n by walking its list from the start, in WebPDemuxGetFrame and
  // WebPDemuxNextFrame alike; the ANMF chunks themselves are read in order instead. The
  // demuxer has checked the chunk layout already (WebPDemuxPartial reported DONE).
  if (webp->demux == NULL || capacity == 0) return 0;
  const uint8_t *bytes = webp->data.bytes;
  size_t length = webp->data.size;
  if (length < 12) return 0;
  // Chunks end where the RIFF header says, whatever follows it.
  size_t riff = 8 + ((size_t)bytes[4] | (size_t)bytes[5] << 8 | (size_t)bytes[6] << 16 |
                     (size_t)bytes[7] << 24);
  if (riff < length) length = riff;
  size_t offset = 12;  // "RIFF", its size, "WEBP"
  uint32_t count = 0;
  while (count < capacity && length >= 8 && offset <= length - 8) {
    uint32_t size = (uint32_t)bytes[offset + 4] | (uint32_t)bytes[offset + 5] << 8 |
                    (uint32_t)bytes[offset + 6] << 16 | (uint32_t)bytes[offset + 7] << 24;
    if (memcmp(bytes + offset, "ANMF", 4) == 0 && size >= 16 && size <= length - offset - 8) {
      const uint8_t *duration = bytes + offset + 8 + 12;
      durations[count++] = (int32_t)(duration[0] | duration[1] << 8 | duration[2] << 16);
    }
    size_t advance = 8 + (size_t)size + (size & 1);
    if (advance > length - offset) break;
    offset += advance;
  }
  return count;
}

CImageCodecs_Status CImageCodecs_webpDecodeStill(CImageCodecs_WebP *webp, uint8_t *pixels,
                                                 size_t stride) {
  if (webp->demux == NULL) return fail(webp, CImageCodecs_statusMisuse, "decode before header");
  WebPIterator frame;
  if (!WebPDemuxGetFrame(webp->demux, 1, &frame)) {
    return fail(webp, CImageCodecs_statusCorrupt, "no frame");
  }
  CImageCodecs_Status status = CImageCodecs_statusOK;
  if (frame.width != (int)webp->width || frame.height != (int)webp->height || frame.x_offset != 0 ||
      frame.y_offset != 0) {
    status = fail(webp, CImageCodecs_statusCorrupt, "frame does not cover the canvas");
  } else {
    // The frame's data (with its ALPH chunk) as one VP8X-less stream: WebPDecode takes it.
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
      status = fail(webp, CImageCodecs_statusMisuse, "libwebp version mismatch");
    } else {
      config.output.colorspace = MODE_RGBA;
      config.output.is_external_memory = 1;
      config.output.u.RGBA.rgba = pixels;
      config.output.u.RGBA.stride = (int)stride;
      config.output.u.RGBA.size = stride * webp->height;
      VP8StatusCode code = WebPDecode(webp->data.bytes, webp->data.size, &config);
      if (code != VP8_STATUS_OK) {
        status = failVP8(webp, code);
        if (status == CImageCodecs_statusOK) status = CImageCodecs_statusCorrupt;
      }
      WebPFreeDecBuffer(&config.output);
    }
  }
  WebPDemuxReleaseIterator(&frame);
  return status;
}

CImageCodecs_Status CImageCodecs_webpNextFrame(CImageCodecs_WebP *webp, uint8_t *pixels,
                                               size_t stride, int *timestampMs) {
  *timestampMs = 0;
  if (webp->demux == NULL) return fail(webp, CImageCodecs_statusMisuse, "decode before header");
  if (webp->animation == NULL) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
      return fail(webp, CImageCodecs_statusMisuse, "libwebp version mismatch");
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    webp->animation = WebPAnimDecoderNew(&webp->data, &options);
    if (webp->animation == NULL) {
      return fail(webp, CImageCodecs_statusCorrupt, "cannot start the animation decoder");
    }
  }
  if (!WebPAnimDecoderHasMoreFrames(webp->animation)) {
    return fail(webp, CImageCodecs_statusMisuse, "no frame left");
  }
  uint8_t *canvas = NULL;
  if (!WebPAnimDecoderGetNext(webp->animation, &canvas, timestampMs) || canvas == NULL) {
    return fail(webp, CImageCodecs_statusCorrupt, "frame data is invalid");
  }
  for (uint32_t y = 0; y < webp->height; y++) {
    memcpy(pixels + (size_t)y * stride, canvas + (size_t)y * webp->width * 4,
           (size_t)webp->width * 4);
  }
  return CImageCodecs_statusOK;
}

const char *CImageCodecs_webpMessage(const CImageCodecs_WebP *webp) {
  return webp ? webp->message : "";
}
