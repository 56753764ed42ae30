#ifndef CIMAGECODECS_VERSION_H
#define CIMAGECODECS_VERSION_H

/// The libjpeg API version this module was built against (for example 62 or 80).
int CImageCodecs_jpegLibVersion(void);

/// The libpng version string this module was built against (for example "1.6.39").
const char *CImageCodecs_pngLibVersion(void);

#endif
