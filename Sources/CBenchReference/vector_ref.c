// Plain C versions of PathGeometry's flattening and stroking, for the vector benchmarks.
#include "vector_ref.h"
#include <math.h>
#include <string.h>

// MARK: - Flattening

static int push_point(cbr_polyline *o, double x, double y, unsigned char smooth) {
    if (o->count >= o->capacity) return -1;
    o->xy[2 * o->count] = x;
    o->xy[2 * o->count + 1] = y;
    o->smooth[o->count] = smooth;
    o->count++;
    return 0;
}

static int subdivide(cbr_polyline *o, double x0, double y0, double x1, double y1, double x2, double y2,
                     double x3, double y3, double tol16, int depth) {
    double ux = 3 * x1 - 2 * x0 - x3, uy = 3 * y1 - 2 * y0 - y3;
    double vx = 3 * x2 - 2 * x3 - x0, vy = 3 * y2 - 2 * y3 - y0;
    ux *= ux; uy *= uy; vx *= vx; vy *= vy;
    if ((ux > vx ? ux : vx) + (uy > vy ? uy : vy) <= tol16 || depth >= 10) return push_point(o, x3, y3, 0);
    double ax = (x0 + x1) / 2, ay = (y0 + y1) / 2, bx = (x1 + x2) / 2, by = (y1 + y2) / 2, cx = (x2 + x3) / 2, cy = (y2 + y3) / 2;
    double dx = (ax + bx) / 2, dy = (ay + by) / 2, ex = (bx + cx) / 2, ey = (by + cy) / 2;
    double mx = (dx + ex) / 2, my = (dy + ey) / 2;
    if (subdivide(o, x0, y0, ax, ay, dx, dy, mx, my, tol16, depth + 1)) return -1;
    o->smooth[o->count - 1] = 1;
    return subdivide(o, mx, my, ex, ey, cx, cy, x3, y3, tol16, depth + 1);
}

static int finish(cbr_polyline *o, long start, int has_segment, unsigned char closed) {
    if (start < 0) return 0;
    if (!has_segment) { o->count = (size_t)start; return 0; }
    if (o->subpaths >= o->sub_capacity) return -1;
    o->sub_start[o->subpaths] = (size_t)start;
    o->sub_count[o->subpaths] = o->count - (size_t)start;
    o->sub_closed[o->subpaths] = closed;
    o->subpaths++;
    return 0;
}

int cbr_flatten(const cbr_path_op *ops, size_t n, double tol, cbr_polyline *o) {
    o->count = 0; o->subpaths = 0;
    long start = -1;
    int has_segment = 0;
    double cx = 0, cy = 0, sx = 0, sy = 0;
    double tol16 = 16 * tol * tol;
    for (size_t i = 0; i < n; i++) {
        const cbr_path_op *e = &ops[i];
        switch (e->op) {
        case 0:
            if (finish(o, start, has_segment, 0)) return -1;
            start = (long)o->count; has_segment = 0;
            sx = cx = e->x[0]; sy = cy = e->y[0];
            if (push_point(o, cx, cy, 0)) return -1;
            break;
        case 1:
            if (start < 0) { start = (long)o->count; has_segment = 0; if (push_point(o, cx, cy, 0)) return -1; }
            if (push_point(o, e->x[0], e->y[0], 0)) return -1;
            cx = e->x[0]; cy = e->y[0]; has_segment = 1;
            break;
        case 2:
            if (start < 0) { start = (long)o->count; has_segment = 0; if (push_point(o, cx, cy, 0)) return -1; }
            if (subdivide(o, cx, cy, e->x[0], e->y[0], e->x[1], e->y[1], e->x[2], e->y[2], tol16, 0)) return -1;
            cx = e->x[2]; cy = e->y[2]; has_segment = 1;
            break;
        default:
            if (start < 0) break;
            if (o->count - (size_t)start > 1) {
                double dx = o->xy[2 * (o->count - 1)] - o->xy[2 * start], dy = o->xy[2 * (o->count - 1) + 1] - o->xy[2 * start + 1];
                if (sqrt(dx * dx + dy * dy) <= tol * 1e-6) o->count--;
            }
            if (finish(o, start, has_segment, 1)) return -1;
            start = -1; cx = sx; cy = sy;
            break;
        }
    }
    return finish(o, start, has_segment, 0);
}

// MARK: - Stroking

typedef struct {
    double *out;
    size_t n, cap;
    double r, tol, step, cos_step, miter2;
    int round_join, round_cap;
} stroker;

static inline void put(stroker *s, double x, double y) {
    if (s->n < s->cap) { s->out[2 * s->n] = x; s->out[2 * s->n + 1] = y; }
    s->n++;
}

static void arc(stroker *s, double cx, double cy, double vx, double vy, double sweep) {
    int steps = (int)ceil(fabs(sweep) / s->step);
    if (steps <= 1) return;
    double a = sweep / steps, c = cos(a), sn = sin(a), k = sqrt(a / sn);
    double x = vx * k, y = vy * k;
    for (int i = 1; i < steps; i++) {
        double nx = x * c - y * sn, ny = x * sn + y * c;
        x = nx; y = ny;
        put(s, cx + x, cy + y);
    }
}

static void join(stroker *s, double px, double py, double d0x, double d0y, double d1x, double d1y,
                 double l0, double l1, int smooth, double side) {
    double n0x = -d0y, n0y = d0x, n1x = -d1y, n1y = d1x;
    double cross = d0x * d1y - d0y * d1x, dot = d0x * d1x + d0y * d1y, r = s->r;
    double outer = (cross > 0 || (cross == 0 && dot < 0)) ? -1 : 1;
    if (side != outer) {
        double m = l0 < l1 ? l0 : l1;
        if (1 + dot > 1e-9 && r * fabs(cross) <= 0.5 * m * (1 + dot)) {
            double k = side * r / (1 + dot);
            put(s, px + (n0x + n1x) * k, py + (n0y + n1y) * k);
        } else {
            put(s, px + n0x * side * r, py + n0y * side * r);
            put(s, px, py);
            put(s, px + n1x * side * r, py + n1y * side * r);
        }
        return;
    }
    int round = smooth || s->round_join;
    if ((!round && (1 + dot) * s->miter2 >= 2) || (round && dot >= s->cos_step)) {
        double k = side * r / (1 + dot);
        put(s, px + (n0x + n1x) * k, py + (n0y + n1y) * k);
        return;
    }
    put(s, px + n0x * side * r, py + n0y * side * r);
    if (round) arc(s, px, py, n0x * side * r, n0y * side * r, (cross == 0 && dot < 0) ? M_PI : atan2(cross, dot));
    put(s, px + n1x * side * r, py + n1y * side * r);
}

long cbr_stroke(const cbr_polyline *path, double r, int round_join, int round_cap, double miter_limit, double tol,
                double *out, size_t out_capacity, size_t *ends, size_t ends_capacity, size_t *contours) {
    stroker s = {out, 0, out_capacity, r, tol, 0, 0, miter_limit * miter_limit, round_join, round_cap};
    double step = tol >= r ? M_PI / 2 : 2 * acos(1 - tol / r);
    if (step < 2 * M_PI / 1024) step = 2 * M_PI / 1024;
    if (step > M_PI / 2) step = M_PI / 2;
    s.step = step;
    s.cos_step = cos(step);
    size_t ne = 0;
    // Scratch for one subpath (the benchmark is single-threaded).
    enum { MAXP = 65536 };
    static double px[MAXP], py[MAXP], dx[MAXP], dy[MAXP], len[MAXP], bx[8 * MAXP];
    static unsigned char sm[MAXP];
    for (size_t k = 0; k < path->subpaths; k++) {
        size_t n = 0, st = path->sub_start[k], cnt = path->sub_count[k];
        int closed = path->sub_closed[k];
        double minseg = r * 1e-6 > 1e-12 ? r * 1e-6 : 1e-12;
        for (size_t i = st; i < st + cnt && n < MAXP; i++) {
            double x = path->xy[2 * i], y = path->xy[2 * i + 1];
            double ex = x - px[n > 0 ? n - 1 : 0], ey = y - py[n > 0 ? n - 1 : 0];
            if (n > 0 && ex * ex + ey * ey <= minseg * minseg) continue;
            px[n] = x; py[n] = y; sm[n] = path->smooth[i]; n++;
        }
        if (closed && n > 1 && hypot(px[n - 1] - px[0], py[n - 1] - py[0]) <= minseg) n--;
        if (n < 2) continue;
        size_t segs = closed ? n : n - 1;
        for (size_t i = 0; i < segs; i++) {
            double ex = px[(i + 1) % n] - px[i], ey = py[(i + 1) % n] - py[i], l = hypot(ex, ey);
            dx[i] = ex / l; dy[i] = ey / l; len[i] = l;
        }
        if (closed) {
            for (size_t i = 0; i < n; i++) {
                size_t p = (i + n - 1) % n;
                join(&s, px[i], py[i], dx[p], dy[p], dx[i], dy[i], len[p], len[i], sm[i], 1);
            }
            if (ne < ends_capacity) ends[ne] = s.n;
            ne++;
            // The other side, collected then written backwards.
            size_t mark = s.n;
            for (size_t i = 0; i < n; i++) {
                size_t p = (i + n - 1) % n;
                join(&s, px[i], py[i], dx[p], dy[p], dx[i], dy[i], len[p], len[i], sm[i], -1);
            }
            size_t m = s.n - mark;
            if (s.n <= s.cap && m <= 4 * MAXP) {
                memcpy(bx, out + 2 * mark, m * 2 * sizeof(double));
                for (size_t i = 0; i < m; i++) { out[2 * (mark + i)] = bx[2 * (m - 1 - i)]; out[2 * (mark + i) + 1] = bx[2 * (m - 1 - i) + 1]; }
            }
            if (ne < ends_capacity) ends[ne] = s.n;
            ne++;
            continue;
        }
        // Open: side A forward into out, side B into bx, then B reversed.
        stroker b = s;
        b.out = bx; b.n = 0; b.cap = 4 * MAXP;
        put(&s, px[0] - dy[0] * r, py[0] + dx[0] * r);
        put(&b, px[0] + dy[0] * r, py[0] - dx[0] * r);
        for (size_t i = 1; i + 1 < n; i++) {
            join(&s, px[i], py[i], dx[i - 1], dy[i - 1], dx[i], dy[i], len[i - 1], len[i], sm[i], 1);
            join(&b, px[i], py[i], dx[i - 1], dy[i - 1], dx[i], dy[i], len[i - 1], len[i], sm[i], -1);
        }
        size_t l = segs - 1;
        double ex = px[n - 1], ey = py[n - 1];
        put(&s, ex - dy[l] * r, ey + dx[l] * r);
        if (round_cap) arc(&s, ex, ey, -dy[l] * r, dx[l] * r, -M_PI);
        put(&b, ex + dy[l] * r, ey - dx[l] * r);
        for (size_t i = b.n; i > 0; i--) put(&s, bx[2 * (i - 1)], bx[2 * (i - 1) + 1]);
        if (round_cap) arc(&s, px[0], py[0], dy[0] * r, -dx[0] * r, -M_PI);
        if (ne < ends_capacity) ends[ne] = s.n;
        ne++;
    }
    *contours = ne;
    return s.n <= s.cap && ne <= ends_capacity ? (long)s.n : -1;
}
