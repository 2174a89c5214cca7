// CBenchReference: plain C reference loops that the benchmark command measures next to the engine.
// Readable loops compiled by the same toolchain; one header per area.
#ifndef CBENCHREFERENCE_H
#define CBENCHREFERENCE_H
#include <stddef.h>

/// STREAM-style triad a[i] = b[i] + s * c[i]: the memory-bandwidth reference.
void cbr_triad(float *a, const float *b, const float *c, float s, size_t n);

#include "particles_ref.h"
#include "blend_ref.h"
#include "physics_ref.h"
#include "vector_ref.h"
#include "process_ref.h"
#include "drawing_ref.h"

#endif
