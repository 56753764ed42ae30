#include <stdio.h>
#include <jpeglib.h>
#include <png.h>

#include "cimagecodecs_version.h"

int CImageCodecs_jpegLibVersion(void) { return JPEG_LIB_VERSION; }

const char *CImageCodecs_pngLibVersion(void) { return PNG_LIBPNG_VER_STRING; }
