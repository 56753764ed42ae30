// FFmpeg loaded on first use: dlopen of the sonames the headers name, dlsym of each function
// the movie reader calls, once per process under pthread_once. Nothing here is linked against
// FFmpeg, so a process that reads no movie pays neither FFmpeg's start-up time nor its memory.

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "ffmpeg_loader.h"

/// One of FFmpeg's libraries: its name, its soname's major version (from the headers) and,
/// once open, its handle.
typedef struct {
  const char *name;
  const char *major;
  void *handle;
} Library;

enum { avformat, avcodec, avutil, swscale, libraryCount };

/// libavformat first: it needs libavcodec and libavutil, so that a missing FFmpeg is reported
/// as the package that brings all three (libswscale is a package of its own).
static Library libraries[libraryCount] = {
    [avformat] = {"libavformat", AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR), NULL},
    [avcodec] = {"libavcodec", AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR), NULL},
    [avutil] = {"libavutil", AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR), NULL},
    [swscale] = {"libswscale", AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR), NULL},
};

static CImageCodecs_FFmpeg functions;
static const CImageCodecs_FFmpeg *loaded;
static char failureMessage[768];
static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

static void describeFailure(const Library *library, const char *soname, const char *symbol) {
  const char *error = dlerror();
  char what[128];
  if (symbol) {
    snprintf(what, sizeof what, "%s has no function %s", soname, symbol);
  } else {
    snprintf(what, sizeof what, "%s could not be loaded", soname);
  }
  snprintf(failureMessage, sizeof failureMessage,
           "FFmpeg's %s (%s); movies need FFmpeg's libraries (Debian: install %s%s)", what,
           error ? error : "unknown error", library->name, library->major);
}

static int openLibrary(Library *library) {
  char soname[64];
  snprintf(soname, sizeof soname, "%s.so.%s", library->name, library->major);
  const char *folder = getenv("PHOTOGATE_FFMPEG_LIBRARY_DIR");
  char path[4096];
  if (folder && folder[0]) {
    snprintf(path, sizeof path, "%s/%s", folder, soname);
  } else {
    snprintf(path, sizeof path, "%s", soname);
  }
  library->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library->handle) {
    describeFailure(library, soname, NULL);
    return 0;
  }
  return 1;
}

static int resolve(int index, const char *symbol, void **slot) {
  Library *library = &libraries[index];
  dlerror();
  *slot = dlsym(library->handle, symbol);
  if (*slot) return 1;
  char soname[64];
  snprintf(soname, sizeof soname, "%s.so.%s", library->name, library->major);
  describeFailure(library, soname, symbol);
  return 0;
}

/// Opens the libraries and resolves every function; 0 at the first one missing.
static int openAndResolve(void) {
  for (int index = 0; index < libraryCount; index++) {
    if (!openLibrary(&libraries[index])) return 0;
  }
  // A function pointer stored through a `void *` slot: POSIX guarantees the two convert.
#define CImageCodecs_FFMPEG_RESOLVE(library, name)                                                \
  if (!resolve(library, #name, (void **)&functions.name)) return 0;
  CImageCodecs_FFMPEG_FUNCTIONS(CImageCodecs_FFMPEG_RESOLVE)
#undef CImageCodecs_FFMPEG_RESOLVE
  return 1;
}

static void load(void) {
  if (openAndResolve()) {
    loaded = &functions;
    return;
  }
  // Half a FFmpeg is no use: give back what was opened.
  for (int index = libraryCount - 1; index >= 0; index--) {
    if (libraries[index].handle) dlclose(libraries[index].handle);
    libraries[index].handle = NULL;
  }
}

const CImageCodecs_FFmpeg *CImageCodecs_ffmpegLoad(const char **failure) {
  pthread_once(&loadOnce, load);
  if (failure) *failure = loaded ? "" : failureMessage;
  return loaded;
}
