// Reference loops for the particles benchmarks (see Sources/Benchmarks/Cases/ParticleBenchmarks.swift).
#pragma once
#include <stddef.h>
#include <stdint.h>

/// One fixed step of the particle update over structure-of-arrays columns, the same work as
/// ParticleStore.integrate in the Particles module: per axis p += v*dt + a*dt*dt/2 and v += a*dt
/// (velocity left alone when a == 0), z only when move_z is non-zero, then the number of death times
/// in [died_from, died_through]. Returns that number.
size_t cbr_particles_update(float *x, float *y, float *z, float *vx, float *vy, float *vz, const float *death,
                            size_t n, float ax, float ay, float az, float dt,
                            float died_from, float died_through, int move_z);
