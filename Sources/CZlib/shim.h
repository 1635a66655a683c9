// zlib's inflate, for gzip streams (windowBits 16 + 15).
#include <zlib.h>
