// CFreeType: Debian's libfreetype-dev (pkg-config freetype2). Only the Typesetting module imports it.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include FT_MODULE_H
