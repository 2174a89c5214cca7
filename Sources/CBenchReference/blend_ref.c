// Plain C references for the compositor's sprite loops: an AVX2 blit (intrinsics, 8 pixels per step) for
// additive and source-over, and a scalar bilinear kernel for rotated sprites.
#include "CBenchReference.h"
#include <immintrin.h>

__attribute__((target("avx2")))
static inline __m256i tint_lo_hi(const uint16_t *t, __m256i *hi) {
    // Even bytes of each pixel are R and B, odd bytes G and A (16-bit lanes).
    *hi = _mm256_set_epi16(t[3], t[1], t[3], t[1], t[3], t[1], t[3], t[1], t[3], t[1], t[3], t[1], t[3], t[1], t[3], t[1]);
    return _mm256_set_epi16(t[2], t[0], t[2], t[0], t[2], t[0], t[2], t[0], t[2], t[0], t[2], t[0], t[2], t[0], t[2], t[0]);
}

static inline uint32_t add_pixel(uint32_t d, uint32_t s, const uint16_t *t) {
    uint32_t out = 0;
    for (int c = 0; c < 4; c++) {
        uint32_t v = (((s >> (8 * c)) & 0xFF) * t[c] + 128) >> 8;
        uint32_t r = ((d >> (8 * c)) & 0xFF) + v;
        out |= (r > 255 ? 255 : r) << (8 * c);
    }
    return out;
}

static inline uint32_t div255(uint32_t x) { x += 128; return (x + (x >> 8)) >> 8; }

static inline uint32_t over_pixel(uint32_t d, uint32_t s, const uint16_t *t) {
    uint32_t sc[4];
    for (int c = 0; c < 4; c++) sc[c] = (((s >> (8 * c)) & 0xFF) * t[c] + 128) >> 8;
    uint32_t ia = 255 - sc[3], out = 0;
    for (int c = 0; c < 4; c++) out |= (sc[c] + div255(((d >> (8 * c)) & 0xFF) * ia)) << (8 * c);
    return out;
}

__attribute__((target("avx2")))
void cbr_sprites_add_avx2(uint32_t *fb, int fbw, int fbh, const uint32_t *sprite, int sw, int sh,
                          const int32_t *xy, const uint16_t *tints, size_t n) {
    const __m256i m = _mm256_set1_epi16(0xFF), r128 = _mm256_set1_epi16(128);
    for (size_t k = 0; k < n; k++) {
        int x0 = xy[2 * k], y0 = xy[2 * k + 1];
        const uint16_t *t = tints + 4 * k;
        __m256i thi, tlo = tint_lo_hi(t, &thi);
        int xs = x0 < 0 ? -x0 : 0, xe = x0 + sw > fbw ? fbw - x0 : sw;
        int ys = y0 < 0 ? -y0 : 0, ye = y0 + sh > fbh ? fbh - y0 : sh;
        for (int y = ys; y < ye; y++) {
            uint32_t *d = fb + (size_t)(y0 + y) * fbw + x0;
            const uint32_t *s = sprite + (size_t)y * sw;
            int x = xs;
            for (; x + 8 <= xe; x += 8) {
                __m256i sv = _mm256_loadu_si256((const __m256i *)(s + x));
                __m256i dv = _mm256_loadu_si256((const __m256i *)(d + x));
                __m256i lo = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(sv, m), tlo), r128), 8);
                __m256i hi = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(sv, 8), thi), r128), 8);
                __m256i ts = _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
                _mm256_storeu_si256((__m256i *)(d + x), _mm256_adds_epu8(dv, ts));
            }
            for (; x < xe; x++) d[x] = add_pixel(d[x], s[x], t);
        }
    }
}

__attribute__((target("avx2")))
void cbr_sprites_over_avx2(uint32_t *fb, int fbw, int fbh, const uint32_t *sprite, int sw, int sh,
                           const int32_t *xy, const uint16_t *tints, size_t n) {
    const __m256i m = _mm256_set1_epi16(0xFF), r128 = _mm256_set1_epi16(128);
    const __m256i alpha_shuffle = _mm256_set_epi8(15, 14, 15, 14, 11, 10, 11, 10, 7, 6, 7, 6, 3, 2, 3, 2,
                                                  15, 14, 15, 14, 11, 10, 11, 10, 7, 6, 7, 6, 3, 2, 3, 2);
    for (size_t k = 0; k < n; k++) {
        int x0 = xy[2 * k], y0 = xy[2 * k + 1];
        const uint16_t *t = tints + 4 * k;
        __m256i thi, tlo = tint_lo_hi(t, &thi);
        int xs = x0 < 0 ? -x0 : 0, xe = x0 + sw > fbw ? fbw - x0 : sw;
        int ys = y0 < 0 ? -y0 : 0, ye = y0 + sh > fbh ? fbh - y0 : sh;
        for (int y = ys; y < ye; y++) {
            uint32_t *d = fb + (size_t)(y0 + y) * fbw + x0;
            const uint32_t *s = sprite + (size_t)y * sw;
            int x = xs;
            for (; x + 8 <= xe; x += 8) {
                __m256i sv = _mm256_loadu_si256((const __m256i *)(s + x));
                __m256i dv = _mm256_loadu_si256((const __m256i *)(d + x));
                __m256i slo = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(sv, m), tlo), r128), 8);
                __m256i shi = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(sv, 8), thi), r128), 8);
                // Alpha (odd 16-bit lane of each pixel in shi) to both lanes of the pixel.
                __m256i a = _mm256_shuffle_epi8(shi, alpha_shuffle);
                __m256i ia = _mm256_sub_epi16(m, a);
                __m256i xlo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(dv, m), ia), r128);
                xlo = _mm256_srli_epi16(_mm256_add_epi16(xlo, _mm256_srli_epi16(xlo, 8)), 8);
                __m256i xhi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(dv, 8), ia), r128);
                xhi = _mm256_srli_epi16(_mm256_add_epi16(xhi, _mm256_srli_epi16(xhi, 8)), 8);
                __m256i out = _mm256_or_si256(_mm256_add_epi16(slo, xlo), _mm256_slli_epi16(_mm256_add_epi16(shi, xhi), 8));
                _mm256_storeu_si256((__m256i *)(d + x), out);
            }
            for (; x < xe; x++) d[x] = over_pixel(d[x], s[x], t);
        }
    }
}

static inline uint32_t lerp_pixel(uint32_t a, uint32_t b, uint32_t w) {
    uint32_t iw = 256 - w;
    uint32_t rb = ((((a & 0x00FF00FF) * iw + (b & 0x00FF00FF) * w + 0x00800080) >> 8) & 0x00FF00FF);
    uint32_t ga = ((((a >> 8) & 0x00FF00FF) * iw + ((b >> 8) & 0x00FF00FF) * w + 0x00800080) & 0xFF00FF00);
    return rb | ga;
}

__attribute__((target("avx2")))
void cbr_sprites_rotated_bilinear(uint32_t *fb, int fbw, int fbh, const uint32_t *padded, int tw, int th,
                                  const float *xf, const int32_t *box, const uint16_t *tints, size_t n, int additive) {
    const int stride = tw + 2;
    for (size_t k = 0; k < n; k++) {
        const float *f = xf + 6 * k;
        const uint16_t *t = tints + 4 * k;
        int x0 = box[4 * k] < 0 ? 0 : box[4 * k], y0 = box[4 * k + 1] < 0 ? 0 : box[4 * k + 1];
        int x1 = box[4 * k + 2] > fbw ? fbw : box[4 * k + 2], y1 = box[4 * k + 3] > fbh ? fbh : box[4 * k + 3];
        for (int y = y0; y < y1; y++) {
            uint32_t *d = fb + (size_t)y * fbw;
            float py = (float)y + 0.5f;
            for (int x = x0; x < x1; x++) {
                float px = (float)x + 0.5f;
                float u = f[0] * px + f[2] * py + f[4] - 0.5f, v = f[1] * px + f[3] * py + f[5] - 0.5f;
                if (!(u >= -1.0f && v >= -1.0f && u < (float)tw && v < (float)th)) continue;
                int32_t uf = (int32_t)(u * 65536.0f + 65536.0f) - 65536, vf = (int32_t)(v * 65536.0f + 65536.0f) - 65536;
                int iu = uf >> 16, iv = vf >> 16;
                uint32_t wx = (uf >> 8) & 0xFF, wy = (vf >> 8) & 0xFF;
                const uint32_t *r0 = padded + (size_t)(iv + 1) * stride + (iu + 1), *r1 = r0 + stride;
                uint32_t s = lerp_pixel(lerp_pixel(r0[0], r0[1], wx), lerp_pixel(r1[0], r1[1], wx), wy);
                if (s == 0) continue;
                d[x] = additive ? add_pixel(d[x], s, t) : over_pixel(d[x], s, t);
            }
        }
    }
}
