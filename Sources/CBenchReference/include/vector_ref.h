// Reference loops for the vector benchmarks (see Sources/Benchmarks/Cases/VectorBenchmarks.swift).
#pragma once
#include <stddef.h>
#include <stdint.h>

/// One path element: op 0 = move to p[0], 1 = line to p[0], 2 = cubic (p[0], p[1] controls, p[2] end), 3 = close.
typedef struct {
    int op;
    double x[3], y[3];
} cbr_path_op;

/// A flattened path: points with smooth flags and subpaths. Buffers are owned by the caller.
typedef struct {
    double *xy;              // 2 × capacity
    unsigned char *smooth;   // capacity
    size_t *sub_start, *sub_count;
    unsigned char *sub_closed;
    size_t count, subpaths, capacity, sub_capacity;
} cbr_polyline;

/// Flattens `ops` within `tol` (adaptive midpoint subdivision of cubics, Willcocks' flatness bound,
/// at most 10 levels), dropping lone moves. Returns 0, or −1 when the buffers are too small.
int cbr_flatten(const cbr_path_op *ops, size_t n, double tol, cbr_polyline *out);

/// Strokes a flattened path with half-width `r`: one contour per open subpath, two per closed one; inner
/// corners meet at the offset intersection or through the corner point; outer corners mitered (within
/// `miter_limit`, else bevelled) or round when `round_join` or the point is smooth; butt or round caps.
/// Writes x, y pairs to `out` and contour ends to `ends`. Returns the number of points, or −1 when full.
long cbr_stroke(const cbr_polyline *path, double r, int round_join, int round_cap, double miter_limit, double tol,
                double *out, size_t out_capacity, size_t *ends, size_t ends_capacity, size_t *contours);

/// Draws glyphs the plain way: for each glyph, FT_Load_Glyph (unhinted) and FT_Render_Glyph at
/// `pixel_size` from the font file's face (opened once by `cbr_text_open`), then a union blend into
/// `bitmap` (w × h coverage) at the given pixel positions (pen x, baseline y). No cache.
void *cbr_text_open(const char *font_path, double pixel_size);
void cbr_text_draw(void *font, const uint32_t *glyphs, const double *pen_x, const int *baseline, size_t n,
                   uint8_t *bitmap, int w, int h);
void cbr_text_close(void *font);
