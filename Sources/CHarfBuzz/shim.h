// HarfBuzz: shaping (glyphs, advances and offsets) with its own OpenType font functions,
// in font units, so that no hinting can reach the layout.
#include <hb.h>
#include <hb-ot.h>
