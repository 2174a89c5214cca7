#include "drawing_ref.h"
#include <string.h>

void cbr_blit_window(uint32_t *dst, const uint32_t *src, size_t src_stride, size_t x, size_t y, size_t w, size_t h) {
    for (size_t r = 0; r < h; r++) {
        memcpy(dst + r * w, src + (y + r) * src_stride + x, w * sizeof(uint32_t));
    }
}
