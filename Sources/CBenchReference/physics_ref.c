// Plain C reference for the physics benchmarks: the scenes the Swift engine builds, made with direct
// Chipmunk calls, and the naive per-particle segment-query sweep.
#include "physics_ref.h"
#include "CChipmunk.h"
#include <math.h>
#include <stdlib.h>

struct cbr_physics_scene {
    cpSpace *space;
    cpBody **bodies;
    size_t count, capacity;
};

static void scene_push_body(cbr_physics_scene *scene, cpBody *body) {
    if (scene->count == scene->capacity) {
        scene->capacity = scene->capacity ? scene->capacity * 2 : 64;
        scene->bodies = realloc(scene->bodies, scene->capacity * sizeof(cpBody *));
    }
    scene->bodies[scene->count++] = body;
}

cbr_physics_scene *cbr_physics_scene_new(double gravity_x, double gravity_y) {
    cbr_physics_scene *scene = calloc(1, sizeof(cbr_physics_scene));
    scene->space = ccp_space_new_quiet();
    cpSpaceSetGravity(scene->space, cpv(gravity_x, gravity_y));
    cpBody *ground = cpBodyNewStatic();
    cpSpaceAddBody(scene->space, ground);
    scene_push_body(scene, ground);
    return scene;
}

void cbr_physics_add_segment(cbr_physics_scene *scene, double ax, double ay, double bx, double by, double radius,
                             double friction, double elasticity) {
    cpShape *s = cpSegmentShapeNew(scene->bodies[0], cpv(ax, ay), cpv(bx, by), radius);
    cpShapeSetFriction(s, friction);
    cpShapeSetElasticity(s, elasticity);
    cpSpaceAddShape(scene->space, s);
}

void cbr_physics_add_circle(cbr_physics_scene *scene, double x, double y, double radius, double mass,
                            double friction, double elasticity) {
    cpBody *b = cpBodyNew(mass, cpMomentForCircle(mass, 0, radius, cpvzero));
    cpBodySetPosition(b, cpv(x, y));
    cpShape *s = cpCircleShapeNew(b, radius, cpvzero);
    cpShapeSetFriction(s, friction);
    cpShapeSetElasticity(s, elasticity);
    cpSpaceAddBody(scene->space, b);
    cpSpaceAddShape(scene->space, s);
    scene_push_body(scene, b);
}

void cbr_physics_add_box(cbr_physics_scene *scene, double x, double y, double width, double height, double mass,
                         double friction, double elasticity) {
    cpBody *b = cpBodyNew(mass, cpMomentForBox(mass, width, height));
    cpBodySetPosition(b, cpv(x, y));
    double hw = width / 2, hh = height / 2;
    cpVect verts[4] = {cpv(-hw, -hh), cpv(hw, -hh), cpv(hw, hh), cpv(-hw, hh)};
    cpShape *s = cpPolyShapeNewRaw(b, 4, verts, 0);
    cpShapeSetFriction(s, friction);
    cpShapeSetElasticity(s, elasticity);
    cpSpaceAddBody(scene->space, b);
    cpSpaceAddShape(scene->space, s);
    scene_push_body(scene, b);
}

void cbr_physics_step(cbr_physics_scene *scene, double dt, int steps) {
    for (int i = 0; i < steps; i++) cpSpaceStep(scene->space, dt);
}

static uint64_t fnv_u64(uint64_t h, uint64_t v) {
    for (int i = 0; i < 8; i++) {
        h = (h ^ (v & 0xFF)) * 0x00000100000001B3ULL;
        v >>= 8;
    }
    return h;
}

static uint64_t fnv_double(uint64_t h, double d) {
    union { double d; uint64_t u; } bits = {d};
    return fnv_u64(h, bits.u);
}

uint64_t cbr_physics_hash(const cbr_physics_scene *scene) {
    uint64_t h = 0xCBF29CE484222325ULL;
    h = fnv_u64(h, (uint64_t)scene->count);
    for (size_t i = 0; i < scene->count; i++) {
        const cpBody *b = scene->bodies[i];
        h = fnv_double(h, b->transform.tx);
        h = fnv_double(h, b->transform.ty);
        h = fnv_double(h, b->a);
        h = fnv_double(h, b->v.x);
        h = fnv_double(h, b->v.y);
        h = fnv_double(h, b->w);
    }
    return h;
}

static void free_shape(cpBody *body, cpShape *shape, void *data) {
    (void)body;
    cpSpaceRemoveShape((cpSpace *)data, shape);
    cpShapeFree(shape);
}

void cbr_physics_free(cbr_physics_scene *scene) {
    for (size_t i = 0; i < scene->count; i++) {
        cpBodyEachShape(scene->bodies[i], free_shape, scene->space);
        cpSpaceRemoveBody(scene->space, scene->bodies[i]);
        cpBodyFree(scene->bodies[i]);
    }
    cpSpaceFree(scene->space);
    free(scene->bodies);
    free(scene);
}

size_t cbr_physics_sweep_particles(cbr_physics_scene *scene, const float *px, const float *py, float *x, float *y,
                                   float *vx, float *vy, size_t n, float radius, float elasticity, float friction,
                                   float dt, int max_bounces) {
    const float skin = 0.01f;
    size_t touched = 0;
    for (size_t i = 0; i < n; i++) {
        cpVect start = cpv(px[i], py[i]), end = cpv(x[i], y[i]);
        float velx = vx[i], vely = vy[i], remaining = 1;
        int bounces = 0, hit_any = 0;
        for (;;) {
            cpSegmentQueryInfo info;
            if (!cpSpaceSegmentQueryFirst(scene->space, start, end, radius, CP_SHAPE_FILTER_ALL, &info)) break;
            hit_any = 1;
            float t = (float)info.alpha;
            float nx = (float)info.normal.x, ny = (float)info.normal.y;
            float hx = (float)(start.x + (end.x - start.x) * t), hy = (float)(start.y + (end.y - start.y) * t);
            cpVect sv = cpBodyGetVelocityAtWorldPoint(cpShapeGetBody(info.shape), info.point);
            float svx = (float)sv.x, svy = (float)sv.y;
            float rvx = velx - svx, rvy = vely - svy;
            float vn = rvx * nx + rvy * ny;
            if (vn < 0) {
                float tx = rvx - vn * nx, ty = rvy - vn * ny;
                float tangential = sqrtf(tx * tx + ty * ty);
                float change = -(1 + elasticity) * vn;
                float keep = tangential > 0 ? fmaxf(0, 1 - friction * change / tangential) : 0;
                velx = svx + tx * keep - elasticity * vn * nx;
                vely = svy + ty * keep - elasticity * vn * ny;
            }
            remaining *= 1 - t;
            start = cpv(hx + nx * skin, hy + ny * skin);
            if (bounces >= max_bounces) { end = start; break; }
            bounces++;
            end = cpv(start.x + velx * remaining * dt, start.y + vely * remaining * dt);
        }
        x[i] = (float)end.x;
        y[i] = (float)end.y;
        vx[i] = velx;
        vy[i] = vely;
        touched += (size_t)hit_any;
    }
    return touched;
}
