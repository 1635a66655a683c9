// libpng's simplified API (png_image_*). It keeps setjmp/longjmp inside libpng, so no
// longjmp ever crosses a Swift frame.
#include <png.h>

static const unsigned int CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
static const unsigned int CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
static const unsigned int CPNG_IMAGE_FLAG_FAST = PNG_IMAGE_FLAG_FAST;
static inline size_t cpng_image_row_stride(const png_image *image) {
  return PNG_IMAGE_ROW_STRIDE(*image);
}
