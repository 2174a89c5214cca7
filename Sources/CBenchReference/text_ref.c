// Plain C FreeType text drawing without a glyph cache, for the text benchmark.
#include "vector_ref.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <stdlib.h>

typedef struct { FT_Library lib; FT_Face face; } cbr_font;

void *cbr_text_open(const char *font_path, double pixel_size) {
    cbr_font *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    if (FT_Init_FreeType(&f->lib)) { free(f); return NULL; }
    if (FT_New_Face(f->lib, font_path, 0, &f->face)) { FT_Done_FreeType(f->lib); free(f); return NULL; }
    FT_Set_Char_Size(f->face, 0, (FT_F26Dot6)lround(pixel_size * 64), 72, 72);
    return f;
}

void cbr_text_draw(void *font, const uint32_t *glyphs, const double *pen_x, const int *baseline, size_t n,
                   uint8_t *bitmap, int w, int h) {
    cbr_font *f = font;
    for (size_t i = 0; i < n; i++) {
        long q = lround(pen_x[i] * 4);
        long whole = q >= 0 ? q / 4 : -((-q + 3) / 4);
        FT_Vector delta = {(FT_Pos)((q - whole * 4) * 16), 0};
        FT_Set_Transform(f->face, NULL, &delta);
        if (FT_Load_Glyph(f->face, glyphs[i], FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) continue;
        if (FT_Render_Glyph(f->face->glyph, FT_RENDER_MODE_NORMAL)) continue;
        FT_Bitmap *b = &f->face->glyph->bitmap;
        int x0 = (int)whole + f->face->glyph->bitmap_left, y0 = baseline[i] - f->face->glyph->bitmap_top;
        for (int y = 0; y < (int)b->rows; y++) {
            int dy = y0 + y;
            if (dy < 0 || dy >= h) continue;
            for (int x = 0; x < (int)b->width; x++) {
                int dx = x0 + x;
                if (dx < 0 || dx >= w) continue;
                int s = b->buffer[y * b->pitch + x];
                if (!s) continue;
                int d = bitmap[dy * w + dx];
                bitmap[dy * w + dx] = (uint8_t)(d + s - (d * s + 127) / 255);
            }
        }
    }
    FT_Set_Transform(f->face, NULL, NULL);
}

void cbr_text_close(void *font) {
    cbr_font *f = font;
    if (!f) return;
    FT_Done_Face(f->face);
    FT_Done_FreeType(f->lib);
    free(f);
}
