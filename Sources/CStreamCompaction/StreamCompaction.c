// Stable tombstone removal over particle columns: see include/CStreamCompaction.h.
#include "CStreamCompaction.h"

// MARK: - Scalar path

// Branch-free: every slot is copied and the destination advances only past survivors, so a
// tombstone's copy is overwritten by the next survivor.
static ptrdiff_t backward_scalar(float *const *columns, int columnCount, uint64_t *words, const float *death,
                                 ptrdiff_t from, ptrdiff_t to, ptrdiff_t j, float aliveFrom) {
    for (ptrdiff_t k = to - 1; k >= from; k--) {
        int keep = death[k] >= aliveFrom;
        for (int c = 0; c < columnCount; c++) columns[c][j] = columns[c][k];
        if (words) words[j] = words[k];
        j -= keep;
    }
    return j;
}

static ptrdiff_t forward_scalar(float *const *dst, float *const *src, int columnCount, uint64_t *dstWords,
                                const uint64_t *srcWords, const float *death, ptrdiff_t from, ptrdiff_t to,
                                ptrdiff_t j, float aliveFrom) {
    for (ptrdiff_t k = from; k < to; k++) {
        int keep = death[k] >= aliveFrom;
        for (int c = 0; c < columnCount; c++) dst[c][j] = src[c][k];
        if (dstWords) dstWords[j] = srcWords[k];
        j += keep;
    }
    return j;
}

// MARK: - AVX2 path

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

// Lane permutations for an 8-slot keep mask (bit i: lane i survives), as bytes: `left[m]` puts the
// survivors in lanes 0, 1, … in order; `right[m]` puts them in the top lanes, ending at lane 7.
static uint8_t left[256][8], right[256][8];
static int avx2 = -1, avx2Supported = 0;

static void build_tables(void) {
    for (int m = 0; m < 256; m++) {
        int n = __builtin_popcount((unsigned)m), t = 0;
        for (int i = 0; i < 8; i++) { left[m][i] = 0; right[m][i] = 0; }
        for (int i = 0; i < 8; i++) {
            if (m & (1 << i)) {
                left[m][t] = (uint8_t)i;
                right[m][8 - n + t] = (uint8_t)i;
                t++;
            }
        }
    }
}

__attribute__((constructor)) static void csc_init(void) {
    build_tables();
    __builtin_cpu_init();
    avx2Supported = __builtin_cpu_supports("avx2") ? 1 : 0;
    avx2 = avx2Supported;
}

__attribute__((target("avx2")))
static inline __m256i lanes(const uint8_t *p) {
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p));
}

__attribute__((target("avx2")))
static ptrdiff_t backward_avx2(float *const *columns, int columnCount, uint64_t *words, const float *death,
                               ptrdiff_t from, ptrdiff_t to, ptrdiff_t j, float aliveFrom) {
    const __m256 threshold = _mm256_set1_ps(aliveFrom);
    ptrdiff_t k = to;
    // Blocks of eight from the top: block [k - 8, k) is loaded whole before its survivors are stored
    // at [j - 7, j]; j >= k - 1 keeps every store clear of slots not yet read.
    while (k - from >= 8) {
        k -= 8;
        __m256 d = _mm256_loadu_ps(death + k);
        int m = _mm256_movemask_ps(_mm256_cmp_ps(d, threshold, _CMP_GE_OQ));
        int n = __builtin_popcount((unsigned)m);
        if (m == 0xFF && j == k + 7) { j -= 8; continue; } // All survive and none has moved yet.
        __m256i perm = lanes(right[m]);
        for (int c = 0; c < columnCount; c++) {
            __m256 v = _mm256_loadu_ps(columns[c] + k);
            _mm256_storeu_ps(columns[c] + j - 7, _mm256_permutevar8x32_ps(v, perm));
        }
        if (words) {
            uint64_t w[8];
            for (int i = 0; i < 8; i++) w[i] = words[k + i];
            for (int i = 0; i < 8; i++) words[j - 7 + i] = w[right[m][i]];
        }
        j -= n;
    }
    return backward_scalar(columns, columnCount, words, death, from, k, j, aliveFrom);
}

__attribute__((target("avx2")))
static ptrdiff_t forward_avx2(float *const *dst, float *const *src, int columnCount, uint64_t *dstWords,
                              const uint64_t *srcWords, const float *death, ptrdiff_t from, ptrdiff_t to,
                              ptrdiff_t j, float aliveFrom) {
    const __m256 threshold = _mm256_set1_ps(aliveFrom);
    ptrdiff_t k = from;
    while (to - k >= 8) {
        __m256 d = _mm256_loadu_ps(death + k);
        int m = _mm256_movemask_ps(_mm256_cmp_ps(d, threshold, _CMP_GE_OQ));
        __m256i perm = lanes(left[m]);
        for (int c = 0; c < columnCount; c++) {
            __m256 v = _mm256_loadu_ps(src[c] + k);
            _mm256_storeu_ps(dst[c] + j, _mm256_permutevar8x32_ps(v, perm));
        }
        if (dstWords) {
            uint64_t w[8];
            for (int i = 0; i < 8; i++) w[i] = srcWords[k + i];
            for (int i = 0; i < 8; i++) dstWords[j + i] = w[left[m][i]];
        }
        j += __builtin_popcount((unsigned)m);
        k += 8;
    }
    return forward_scalar(dst, src, columnCount, dstWords, srcWords, death, k, to, j, aliveFrom);
}
#endif

// MARK: - Entry points

ptrdiff_t csc_keep_survivors_backward(float *const *columns, int columnCount, uint64_t *words,
                                      const float *death, ptrdiff_t from, ptrdiff_t to, ptrdiff_t j,
                                      float aliveFrom) {
#if defined(__x86_64__) || defined(__i386__)
    if (avx2 == 1) return backward_avx2(columns, columnCount, words, death, from, to, j, aliveFrom);
#endif
    return backward_scalar(columns, columnCount, words, death, from, to, j, aliveFrom);
}

ptrdiff_t csc_keep_survivors_forward(float *const *dst, float *const *src, int columnCount, uint64_t *dstWords,
                                     const uint64_t *srcWords, const float *death, ptrdiff_t from, ptrdiff_t to,
                                     ptrdiff_t j, float aliveFrom) {
#if defined(__x86_64__) || defined(__i386__)
    if (avx2 == 1) return forward_avx2(dst, src, columnCount, dstWords, srcWords, death, from, to, j, aliveFrom);
#endif
    return forward_scalar(dst, src, columnCount, dstWords, srcWords, death, from, to, j, aliveFrom);
}

void csc_set_avx2_enabled(int enabled) {
#if defined(__x86_64__) || defined(__i386__)
    avx2 = enabled && avx2Supported;
#else
    (void)enabled;
#endif
}

int csc_uses_avx2(void) {
#if defined(__x86_64__) || defined(__i386__)
    return avx2 == 1;
#else
    return 0;
#endif
}
