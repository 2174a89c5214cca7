// Reference loops for the compositor benchmarks (see Sources/Benchmarks/Cases/CompositorBenchmarks.swift).
#pragma once
#include <stddef.h>
#include <stdint.h>

/// Draws n sprites (sw × sh premultiplied RGBA8 pixels, R,G,B,A bytes) into a fbw × fbh framebuffer,
/// sprite k with its top-left corner at (xy[2k], xy[2k+1]) (clipped), each channel multiplied by
/// tints[4k + c] / 256 (0…256), and blended ONE/ONE with saturation. AVX2, 8 pixels per step.
void cbr_sprites_add_avx2(uint32_t *fb, int fbw, int fbh, const uint32_t *sprite, int sw, int sh,
                          const int32_t *xy, const uint16_t *tints, size_t n);

/// The same sprites, premultiplied source-over: d = s·t + d·(255 − αs·αt)/255 (exact ÷255 rounding).
void cbr_sprites_over_avx2(uint32_t *fb, int fbw, int fbh, const uint32_t *sprite, int sw, int sh,
                           const int32_t *xy, const uint16_t *tints, size_t n);

/// Rotated, scaled sprites with bilinear filtering: for every pixel of sprite k's box
/// (box[4k..4k+3] = x0, y0, x1, y1, clipped), the inverse map xf[6k..6k+5] = (a, b, c, d, tx, ty) gives
/// texel coordinates u = a·x + c·y + tx, v = b·x + d·y + ty of the pixel centre; the four texels around
/// (u − ½, v − ½) of a (tw + 2) × (th + 2) image with a transparent one-pixel border are blended with
/// 8-bit weights, tinted, and blended ONE/ONE (additive ≠ 0) or source-over. Plain scalar C.
void cbr_sprites_rotated_bilinear(uint32_t *fb, int fbw, int fbh, const uint32_t *padded, int tw, int th,
                                  const float *xf, const int32_t *box, const uint16_t *tints, size_t n, int additive);
