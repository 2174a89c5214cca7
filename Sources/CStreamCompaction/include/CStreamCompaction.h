// CStreamCompaction: stable removal of tombstones from particle columns (docs/Particles.md, "Storage").
//
// The one loop of the particle engine written in C: a stable left- or right-pack of eight slots at a
// time needs a lane permutation chosen at run time (AVX2 `vpermps`), which Swift's SIMD types cannot
// express. The AVX2 path is chosen at run time where the CPU has it; elsewhere a branch-free scalar
// loop does the same copies. Both move the same bytes, so results never depend on the path taken.
#ifndef CSTREAMCOMPACTION_H
#define CSTREAMCOMPACTION_H
#include <stddef.h>
#include <stdint.h>

/// Moves the survivors (death[k] >= aliveFrom) of slots from..<to, last first, to the slots ending at
/// `j` (j >= to - 1, so nothing unread is overwritten), in every one of the `columnCount` Float columns
/// and in `words` (8-byte elements, may be NULL). `death` is one of `columns` or a column of its own;
/// it is read before any slot it holds is written. Slots between the written survivors and the source
/// slots may receive copies of other slots (they are below the new start and are never read).
/// Returns the slot before the last one written (j minus the survivors).
ptrdiff_t csc_keep_survivors_backward(float *const *columns, int columnCount, uint64_t *words,
                                      const float *death, ptrdiff_t from, ptrdiff_t to, ptrdiff_t j,
                                      float aliveFrom);

/// Moves the survivors of source slots from..<to, first first, to destination slots from `j` in every
/// column: `dst[c][j…] = src[c][k]` (the destination lies at or before the source in memory, at most
/// `j <= from` slots in, so nothing unread is overwritten), and the same for `dstWords`/`srcWords` (may
/// be NULL). Destination slots after the last survivor written, up to 7 of them, may receive copies
/// of other slots. Returns the next destination slot.
ptrdiff_t csc_keep_survivors_forward(float *const *dst, float *const *src, int columnCount, uint64_t *dstWords,
                                     const uint64_t *srcWords, const float *death, ptrdiff_t from, ptrdiff_t to,
                                     ptrdiff_t j, float aliveFrom);

/// Whether the AVX2 path is in use.
int csc_uses_avx2(void);

/// Turns the AVX2 path off (0) or back on where the CPU has it (1), so tests can run both paths.
void csc_set_avx2_enabled(int enabled);

#endif
