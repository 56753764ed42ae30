#ifndef CIMAGECODECS_HEIF_PARAMETER_SETS_H
#define CIMAGECODECS_HEIF_PARAMETER_SETS_H

// Internal to heif_decoder.c (not in include/: it names libheif types).

#include <stddef.h>
#include <stdint.h>

#include <libheif/heif.h>

/// Checks the SPS of every hvcC property (found through ipma in the `length` bytes at `data`)
/// of the item of `handle` and of the items it is derived from (the tiles of a grid) against
/// the checks libde265 prints to stderr: a description of the first failure, or NULL. Boxes
/// this walk cannot follow are left to libheif.
const char *CImageCodecs_heifParameterSetProblem(struct heif_context *context,
                                                 const struct heif_image_handle *handle,
                                                 const uint8_t *data, size_t length);

#endif
