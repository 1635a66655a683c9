// glibc's allocator settings (mallopt), which the Glibc module does not import; part of
// libc, so nothing to link.
#include <malloc.h>
