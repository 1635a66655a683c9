// libjpeg-turbo's TurboJPEG API. It keeps libjpeg's setjmp/longjmp error handling inside
// the library (each call returns -1 and keeps a message), so no longjmp crosses a Swift frame.
#include <stddef.h>
#include <turbojpeg.h>
