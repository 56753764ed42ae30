// FFmpeg's libraries opened on first use with dlopen, not linked: a process that never reads a
// movie never loads them (nor the hundred libraries they pull in). Private to this module.

#ifndef CIMAGECODECS_FFMPEG_LOADER_H
#define CIMAGECODECS_FFMPEG_LOADER_H

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libswscale/swscale.h>

/// The side data call of the headers' FFmpeg version (the stream's moved to the codec
/// parameters in libavformat 60.15).
#if LIBAVFORMAT_VERSION_INT >= AV_VERSION_INT(60, 15, 100)
#define CImageCodecs_FFMPEG_SIDE_DATA(X) X(avcodec, av_packet_side_data_get)
#else
#define CImageCodecs_FFMPEG_SIDE_DATA(X) X(avformat, av_stream_get_side_data)
#endif

/// Every FFmpeg function the movie reader calls, with the library that exports it (static
/// inline functions such as av_q2d and macros such as AVERROR need nothing).
#define CImageCodecs_FFMPEG_FUNCTIONS(X)                                                          \
  X(avutil, av_log_set_level)                                                                  \
  X(avutil, av_log_set_callback)                                                               \
  X(avutil, av_strerror)                                                                       \
  X(avutil, av_malloc)                                                                         \
  X(avutil, av_free)                                                                           \
  X(avutil, av_freep)                                                                          \
  X(avutil, av_dict_get)                                                                       \
  X(avutil, av_frame_alloc)                                                                    \
  X(avutil, av_frame_free)                                                                     \
  X(avutil, av_get_pix_fmt_name)                                                               \
  X(swscale, sws_getContext)                                                                   \
  X(swscale, sws_getCoefficients)                                                              \
  X(swscale, sws_setColorspaceDetails)                                                         \
  X(swscale, sws_scale)                                                                        \
  X(swscale, sws_freeContext)                                                                  \
  X(avcodec, avcodec_descriptor_get)                                                           \
  X(avcodec, avcodec_find_decoder)                                                             \
  X(avcodec, avcodec_alloc_context3)                                                           \
  X(avcodec, avcodec_free_context)                                                             \
  X(avcodec, avcodec_parameters_to_context)                                                    \
  X(avcodec, avcodec_open2)                                                                    \
  X(avcodec, avcodec_send_packet)                                                              \
  X(avcodec, avcodec_receive_frame)                                                            \
  X(avcodec, av_packet_alloc)                                                                  \
  X(avcodec, av_packet_free)                                                                   \
  X(avcodec, av_packet_unref)                                                                  \
  X(avformat, avio_alloc_context)                                                              \
  X(avformat, avio_context_free)                                                               \
  X(avformat, avformat_alloc_context)                                                          \
  X(avformat, av_find_input_format)                                                            \
  X(avformat, avformat_open_input)                                                             \
  X(avformat, avformat_close_input)                                                            \
  X(avformat, av_find_best_stream)                                                             \
  X(avformat, av_read_frame)                                                                   \
  CImageCodecs_FFMPEG_SIDE_DATA(X)

/// FFmpeg's functions as resolved by dlsym, each typed as its header declares it.
typedef struct {
#define CImageCodecs_FFMPEG_MEMBER(library, name) __typeof__(&name) name;
  CImageCodecs_FFMPEG_FUNCTIONS(CImageCodecs_FFMPEG_MEMBER)
#undef CImageCodecs_FFMPEG_MEMBER
} CImageCodecs_FFmpeg;

/// Opens libavutil, libswscale, libavcodec and libavformat by the sonames of the headers this
/// module was built with (libavformat.so.59 for FFmpeg 5.1) and resolves their functions, once
/// per process whichever thread asks first. Returns the functions, or NULL with `*failure` set
/// to the reason ("FFmpeg's libavformat.so.59 could not be loaded (…); movies need FFmpeg's
/// libraries (Debian: install libavformat59)"), the same on every later call.
///
/// `PHOTOGATE_FFMPEG_LIBRARY_DIR`, when set, is the folder the four libraries are opened from
/// instead of the dynamic linker's search path.
const CImageCodecs_FFmpeg *CImageCodecs_ffmpegLoad(const char **failure);

#endif
