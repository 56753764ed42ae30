// giflib reading from memory with the record-level API (DGifGetRecordType, DGifGetLine), so
// that a header read never decompresses and frames are composed one at a time. giflib reports
// errors as values in GifFileType.Error; nothing here exits.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

#include "cimagecodecs_gif.h"

struct CImageCodecs_GIF {
  const uint8_t *data;
  size_t length;
  size_t offset;
  GifFileType *file;
  uint32_t width;
  uint32_t height;
  uint32_t frameCount;
  uint16_t *delays;
  /// Composition state: the canvas (RGBA), a copy for "restore to previous", the pending
  /// disposal of the last frame drawn and its rectangle.
  uint8_t *canvas;
  uint8_t *previous;
  uint8_t *line;
  int disposal;
  int lastLeft, lastTop, lastWidth, lastHeight;
  uint32_t framesRead;
  char message[256];
};

static int readFromMemory(GifFileType *file, GifByteType *out, int count) {
  CImageCodecs_GIF *gif = file->UserData;
  size_t left = gif->length - gif->offset;
  size_t wanted = count < 0 ? 0 : (size_t)count;
  if (wanted > left) wanted = left;
  memcpy(out, gif->data + gif->offset, wanted);
  gif->offset += wanted;
  return (int)wanted;
}

static CImageCodecs_Status fail(CImageCodecs_GIF *gif, CImageCodecs_Status status, const char *text) {
  snprintf(gif->message, sizeof gif->message, "%s", text);
  return status;
}

static CImageCodecs_Status failGif(CImageCodecs_GIF *gif, int code) {
  const char *text = GifErrorString(code);
  snprintf(gif->message, sizeof gif->message, "%s", text ? text : "giflib error");
  switch (code) {
  case D_GIF_ERR_READ_FAILED:
  case D_GIF_ERR_EOF_TOO_SOON:
    return CImageCodecs_statusTruncated;
  case D_GIF_ERR_NOT_ENOUGH_MEM:
    return CImageCodecs_statusTooLarge;
  default:
    return CImageCodecs_statusCorrupt;
  }
}

/// (Re)opens giflib at the start of the data.
static CImageCodecs_Status openFile(CImageCodecs_GIF *gif) {
  if (gif->file) {
    int ignored = 0;
    DGifCloseFile(gif->file, &ignored);
    gif->file = NULL;
  }
  gif->offset = 0;
  int error = 0;
  gif->file = DGifOpen(gif, readFromMemory, &error);
  if (gif->file == NULL) return failGif(gif, error);
  return CImageCodecs_statusOK;
}

CImageCodecs_GIF *CImageCodecs_gifCreate(const uint8_t *data, size_t length) {
  CImageCodecs_GIF *gif = calloc(1, sizeof *gif);
  if (gif == NULL) return NULL;
  gif->data = data;
  gif->length = length;
  return gif;
}

void CImageCodecs_gifDestroy(CImageCodecs_GIF *gif) {
  if (gif == NULL) return;
  if (gif->file) {
    int ignored = 0;
    DGifCloseFile(gif->file, &ignored);
  }
  free(gif->delays);
  free(gif->canvas);
  free(gif->previous);
  free(gif->line);
  free(gif);
}

/// Reads a graphic control extension's delay, transparent index and disposal; -1 index if none.
static void readControl(const GifByteType *block, int *delay, int *transparent, int *disposal) {
  if (block == NULL || block[0] < 4) return;
  *disposal = (block[1] >> 2) & 7;
  *delay = block[2] | block[3] << 8;
  *transparent = (block[1] & 1) ? block[4] : -1;
}

CImageCodecs_Status CImageCodecs_gifReadHeader(CImageCodecs_GIF *gif, CImageCodecs_GIFHeader *header) {
  memset(header, 0, sizeof *header);
  if (gif->file != NULL) return fail(gif, CImageCodecs_statusMisuse, "header read twice");
  CImageCodecs_Status status = openFile(gif);
  if (status != CImageCodecs_statusOK) return status;
  GifFileType *file = gif->file;
  if (file->SWidth <= 0 || file->SHeight <= 0) {
    return fail(gif, CImageCodecs_statusCorrupt, "logical screen has no size");
  }
  gif->width = header->width = (uint32_t)file->SWidth;
  gif->height = header->height = (uint32_t)file->SHeight;
  size_t capacity = 0;
  int delay = 0, transparent = -1, disposal = 0;
  for (;;) {
    GifRecordType type;
    if (DGifGetRecordType(file, &type) == GIF_ERROR) return failGif(gif, file->Error);
    if (type == TERMINATE_RECORD_TYPE) break;
    if (type == EXTENSION_RECORD_TYPE) {
      int code = 0;
      GifByteType *block = NULL;
      if (DGifGetExtension(file, &code, &block) == GIF_ERROR) return failGif(gif, file->Error);
      if (code == GRAPHICS_EXT_FUNC_CODE) readControl(block, &delay, &transparent, &disposal);
      while (block != NULL) {
        if (DGifGetExtensionNext(file, &block) == GIF_ERROR) return failGif(gif, file->Error);
      }
    } else if (type == IMAGE_DESC_RECORD_TYPE) {
      if (DGifGetImageDesc(file) == GIF_ERROR) return failGif(gif, file->Error);
      if (file->Image.Width <= 0 || file->Image.Height <= 0) {
        return fail(gif, CImageCodecs_statusCorrupt, "a frame has no size");
      }
      if (file->Image.ColorMap == NULL && file->SColorMap == NULL) {
        return fail(gif, CImageCodecs_statusCorrupt, "a frame has no colour table");
      }
      int codeSize = 0;
      GifByteType *block = NULL;
      if (DGifGetCode(file, &codeSize, &block) == GIF_ERROR) return failGif(gif, file->Error);
      while (block != NULL) {
        if (DGifGetCodeNext(file, &block) == GIF_ERROR) return failGif(gif, file->Error);
      }
      if (gif->frameCount < CImageCodecs_maxFrames) {
        if (gif->frameCount == capacity) {
          capacity = capacity ? capacity * 2 : 16;
          uint16_t *grown = realloc(gif->delays, capacity * sizeof *grown);
          if (grown == NULL) return fail(gif, CImageCodecs_statusTooLarge, "out of memory");
          gif->delays = grown;
        }
        gif->delays[gif->frameCount++] = (uint16_t)delay;
      }
      if (transparent >= 0) header->hasTransparency = 1;
      delay = 0;
      transparent = -1;
      disposal = 0;
    } else {
      return fail(gif, CImageCodecs_statusCorrupt, "unknown record");
    }
  }
  (void)disposal;
  if (gif->frameCount == 0) return fail(gif, CImageCodecs_statusCorrupt, "no image in the file");
  header->frameCount = gif->frameCount;
  return CImageCodecs_statusOK;
}

int CImageCodecs_gifFrameDelay(const CImageCodecs_GIF *gif, uint32_t index) {
  return index < gif->frameCount ? gif->delays[index] : 0;
}

/// Applies the last frame's disposal to the canvas before the next frame is drawn.
static void dispose(CImageCodecs_GIF *gif) {
  size_t rowBytes = (size_t)gif->width * 4;
  if (gif->disposal == 2) {
    for (int y = gif->lastTop; y < gif->lastTop + gif->lastHeight; y++) {
      memset(gif->canvas + (size_t)y * rowBytes + (size_t)gif->lastLeft * 4, 0,
             (size_t)gif->lastWidth * 4);
    }
  } else if (gif->disposal == 3 && gif->previous != NULL) {
    memcpy(gif->canvas, gif->previous, rowBytes * gif->height);
  }
}

CImageCodecs_Status CImageCodecs_gifNextFrame(CImageCodecs_GIF *gif, uint8_t *pixels,
                                              size_t stride) {
  if (gif->frameCount == 0) return fail(gif, CImageCodecs_statusMisuse, "decode before header");
  if (gif->framesRead >= gif->frameCount) return fail(gif, CImageCodecs_statusMisuse, "no frame left");
  size_t rowBytes = (size_t)gif->width * 4;
  if (gif->canvas == NULL) {
    CImageCodecs_Status status = openFile(gif);
    if (status != CImageCodecs_statusOK) return status;
    gif->canvas = calloc(gif->height, rowBytes);
    if (gif->canvas == NULL) return fail(gif, CImageCodecs_statusTooLarge, "out of memory");
  }
  GifFileType *file = gif->file;
  int delay = 0, transparent = -1, disposal = 0;
  for (;;) {
    GifRecordType type;
    if (DGifGetRecordType(file, &type) == GIF_ERROR) return failGif(gif, file->Error);
    if (type == TERMINATE_RECORD_TYPE) return fail(gif, CImageCodecs_statusCorrupt, "frame missing");
    if (type == EXTENSION_RECORD_TYPE) {
      int code = 0;
      GifByteType *block = NULL;
      if (DGifGetExtension(file, &code, &block) == GIF_ERROR) return failGif(gif, file->Error);
      if (code == GRAPHICS_EXT_FUNC_CODE) readControl(block, &delay, &transparent, &disposal);
      while (block != NULL) {
        if (DGifGetExtensionNext(file, &block) == GIF_ERROR) return failGif(gif, file->Error);
      }
      continue;
    }
    if (type != IMAGE_DESC_RECORD_TYPE) return fail(gif, CImageCodecs_statusCorrupt, "unknown record");
    if (DGifGetImageDesc(file) == GIF_ERROR) return failGif(gif, file->Error);
    break;
  }
  (void)delay;
  dispose(gif);
  GifImageDesc *image = &file->Image;
  ColorMapObject *map = image->ColorMap ? image->ColorMap : file->SColorMap;
  if (map == NULL || image->Width <= 0 || image->Height <= 0) {
    return fail(gif, CImageCodecs_statusCorrupt, "a frame has no size or no colour table");
  }
  if (disposal == 3) {
    if (gif->previous == NULL) {
      gif->previous = malloc(rowBytes * gif->height);
      if (gif->previous == NULL) return fail(gif, CImageCodecs_statusTooLarge, "out of memory");
    }
    memcpy(gif->previous, gif->canvas, rowBytes * gif->height);
  }
  free(gif->line);
  gif->line = malloc((size_t)image->Width);
  if (gif->line == NULL) return fail(gif, CImageCodecs_statusTooLarge, "out of memory");
  // Interlaced rows arrive in four passes: every 8th from 0, every 8th from 4, every 4th
  // from 2, every 2nd from 1.
  static const int starts[4] = {0, 4, 2, 1};
  static const int steps[4] = {8, 8, 4, 2};
  int passes = image->Interlace ? 4 : 1;
  for (int pass = 0; pass < passes; pass++) {
    int start = image->Interlace ? starts[pass] : 0;
    int step = image->Interlace ? steps[pass] : 1;
    for (int row = start; row < image->Height; row += step) {
      if (DGifGetLine(file, gif->line, image->Width) == GIF_ERROR) return failGif(gif, file->Error);
      int y = image->Top + row;
      if (y < 0 || (uint32_t)y >= gif->height) continue;
      uint8_t *out = gif->canvas + (size_t)y * rowBytes;
      for (int column = 0; column < image->Width; column++) {
        int x = image->Left + column;
        if (x < 0 || (uint32_t)x >= gif->width) continue;
        int index = gif->line[column];
        if (index == transparent) continue;
        uint8_t *pixel = out + (size_t)x * 4;
        if (index < map->ColorCount) {
          pixel[0] = map->Colors[index].Red;
          pixel[1] = map->Colors[index].Green;
          pixel[2] = map->Colors[index].Blue;
        } else {
          pixel[0] = pixel[1] = pixel[2] = 0;
        }
        pixel[3] = 255;
      }
    }
  }
  gif->disposal = disposal;
  gif->lastLeft = image->Left < 0 ? 0 : image->Left;
  gif->lastTop = image->Top < 0 ? 0 : image->Top;
  gif->lastWidth = image->Width;
  gif->lastHeight = image->Height;
  if ((uint32_t)gif->lastLeft + (uint32_t)gif->lastWidth > gif->width) {
    gif->lastWidth = (int)gif->width - gif->lastLeft;
  }
  if ((uint32_t)gif->lastTop + (uint32_t)gif->lastHeight > gif->height) {
    gif->lastHeight = (int)gif->height - gif->lastTop;
  }
  if (gif->lastWidth < 0) gif->lastWidth = 0;
  if (gif->lastHeight < 0) gif->lastHeight = 0;
  gif->framesRead++;
  for (uint32_t y = 0; y < gif->height; y++) {
    memcpy(pixels + (size_t)y * stride, gif->canvas + (size_t)y * rowBytes, rowBytes);
  }
  return CImageCodecs_statusOK;
}

const char *CImageCodecs_gifMessage(const CImageCodecs_GIF *gif) { return gif ? gif->message : ""; }
