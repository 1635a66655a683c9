// fontconfig: font names (families, PostScript names) to files, and fallback fonts for
// characters a font lacks.
#include <fontconfig/fontconfig.h>
