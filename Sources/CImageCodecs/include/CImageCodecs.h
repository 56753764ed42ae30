// The umbrella header of CImageCodecs: every C function PhotoGate's Swift code calls.
// Listing each header here (rather than an umbrella folder) makes a new header rebuild the
// module at once.
#pragma once
#include "cimagecodecs_gif.h"
#include "cimagecodecs_heif.h"
#include "cimagecodecs_jpeg.h"
#include "cimagecodecs_jpeg_encoder.h"
#include "cimagecodecs_png.h"
#include "cimagecodecs_status.h"
#include "cimagecodecs_version.h"
#include "cimagecodecs_video.h"
#include "cimagecodecs_webp.h"
