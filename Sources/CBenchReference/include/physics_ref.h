// Reference programs for the physics benchmarks (see Sources/Benchmarks/Cases/PhysicsBenchmarks.swift):
// the same Chipmunk scenes built and stepped in plain C with the same libchipmunk, and the naive
// per-particle segment query that `collide`-mode particles are compared with. No Chipmunk type appears
// here; the scene is opaque.
#pragma once
#include <stddef.h>
#include <stdint.h>

/// A Chipmunk space with its bodies, built by the calls below in the order they are made.
typedef struct cbr_physics_scene cbr_physics_scene;

/// A space with gravity (points/s², y down) and Chipmunk's defaults. Creates its static body first.
cbr_physics_scene *cbr_physics_scene_new(double gravity_x, double gravity_y);
/// A segment on the scene's static body.
void cbr_physics_add_segment(cbr_physics_scene *scene, double ax, double ay, double bx, double by, double radius,
                             double friction, double elasticity);
/// A dynamic circle body (moment of a disc).
void cbr_physics_add_circle(cbr_physics_scene *scene, double x, double y, double radius, double mass,
                            double friction, double elasticity);
/// A dynamic box body centred on (x, y) (moment of a box; vertices in the engine's order).
void cbr_physics_add_box(cbr_physics_scene *scene, double x, double y, double width, double height, double mass,
                         double friction, double elasticity);
/// `steps` fixed steps of `dt` seconds.
void cbr_physics_step(cbr_physics_scene *scene, double dt, int steps);
/// FNV-1a over the body count, then every body in creation order: position x, y, angle, velocity x, y,
/// angular velocity (the engine's PhysicsWorld state hash).
uint64_t cbr_physics_hash(const cbr_physics_scene *scene);
/// Frees the space and everything in it.
void cbr_physics_free(cbr_physics_scene *scene);

/// Particles swept one segment query at a time (cpSpaceSegmentQueryFirst from the old to the new
/// position, thickened by `radius`), bounced off the surface (moving with its body) with `elasticity`
/// and Coulomb `friction`, up to `max_bounces` more queries for the rest of the step. Returns the
/// number of particles that touched something.
size_t cbr_physics_sweep_particles(cbr_physics_scene *scene, const float *px, const float *py, float *x, float *y,
                                   float *vx, float *vy, size_t n, float radius, float elasticity, float friction,
                                   float dt, int max_bounces);
