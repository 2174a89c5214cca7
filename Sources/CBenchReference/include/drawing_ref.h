// Reference for the drawing benchmarks: scrolling a pre-rendered image.
#ifndef DRAWING_REF_H
#define DRAWING_REF_H
#include <stdint.h>
#include <stddef.h>

/// Copies a w × h window at (x, y) of `src` (rows of `src_stride` pixels) into `dst` (rows of w pixels):
/// what scrolling an image that is already in memory costs per frame.
void cbr_blit_window(uint32_t *dst, const uint32_t *src, size_t src_stride, size_t x, size_t y, size_t w, size_t h);

#endif
