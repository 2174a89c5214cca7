#include "CBenchReference.h"

// Plain C loops, one per axis, as a C programmer would write the update of a structure of arrays.
static void advance_axis(float *p, float *v, size_t n, float a, float dt) {
    if (a == 0.0f) {
        for (size_t i = 0; i < n; i++) p[i] += v[i] * dt;
    } else {
        const float dv = a * dt;
        const float dp = 0.5f * a * dt * dt;
        for (size_t i = 0; i < n; i++) {
            const float vi = v[i];
            p[i] += vi * dt + dp;
            v[i] = vi + dv;
        }
    }
}

size_t cbr_particles_update(float *x, float *y, float *z, float *vx, float *vy, float *vz, const float *death,
                            size_t n, float ax, float ay, float az, float dt,
                            float died_from, float died_through, int move_z) {
    advance_axis(x, vx, n, ax, dt);
    advance_axis(y, vy, n, ay, dt);
    if (move_z || az != 0.0f) advance_axis(z, vz, n, az, dt);
    int32_t died = 0;
    for (size_t i = 0; i < n; i++) {
        const float t = death[i];
        died += (t >= died_from && t <= died_through) ? 1 : 0;
    }
    return (size_t)died;
}
