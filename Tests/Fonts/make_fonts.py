"""Makes the fonts the text tests ship: subsets of Debian's DejaVu Sans (fonts-dejavu-core,
Bitstream Vera licence with public-domain DejaVu changes: LICENSE beside this file).

Run with fontTools (pip install fonttools) from this directory:
    python3 make_fonts.py
The subsets keep every OpenType layout feature (kerning, ligatures, mark positioning, Arabic
joining) of the characters they keep, and drop TrueType hinting (Strata never hints).
"""
from fontTools import subset

SOURCE = "/usr/share/fonts/truetype/dejavu/"

# Latin with Latin-1 and Extended-A, combining diacritics, Hebrew and Arabic (with their
# presentation forms, which the Arabic shaper's joining forms map to), general punctuation
# (the ellipsis U+2026, hyphens and dashes) and the euro sign.
SANS = [
    (0x20, 0x7E), (0xA0, 0x17F), (0x300, 0x36F), (0x590, 0x5FF), (0x600, 0x6FF),
    (0x2010, 0x2027), (0x2030, 0x203A), (0x20AC, 0x20AC), (0xFB1D, 0xFB4F), (0xFB50, 0xFDFF),
    (0xFE70, 0xFEFF),
]
# Titles: Latin and the ellipsis.
BOLD = [(0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2026)]


def make(source, ranges, output):
    options = subset.Options()
    options.layout_features = ["*"]
    options.hinting = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    font = subset.load_font(SOURCE + source, options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[u for a, b in ranges for u in range(a, b + 1)])
    subsetter.subset(font)
    subset.save_font(font, output, options)


make("DejaVuSans.ttf", SANS, "DejaVuSans-Subset.ttf")
make("DejaVuSans-Bold.ttf", BOLD, "DejaVuSans-Bold-Subset.ttf")
