// CPNG: Debian's libpng-dev, used only through the simplified API (png_image_*), which needs no setjmp.
#include <png.h>

/// PNG_FORMAT_RGBA, a composed macro Swift cannot import.
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
