// FreeType: font files opened as faces, and glyph outlines in font units (decomposed into
// StrataPath paths; StrataText never asks FreeType for hinted or rendered glyphs).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_MODULE_H
