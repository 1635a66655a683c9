// EGL and OpenGL ES 3 types, constants and function-pointer typedefs. No prototypes and no
// link: StrataGL loads every entry point with dlopen/dlsym/eglGetProcAddress, so programs
// start on machines without EGL and fall back to the CPU renderer.
#define EGL_EGL_PROTOTYPES 0
#define GL_GLES_PROTOTYPES 0
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

// GBM: only the two calls the render-node probe needs; declared here so that no GBM
// headers are required at build time.
struct gbm_device;
typedef struct gbm_device *(*CEGL_PFN_gbm_create_device)(int fd);
typedef void (*CEGL_PFN_gbm_device_destroy)(struct gbm_device *gbm);

// Casts EGL's opaque no-handle macros, which Swift cannot import.
static inline EGLDisplay cegl_no_display(void) { return EGL_NO_DISPLAY; }
static inline EGLContext cegl_no_context(void) { return EGL_NO_CONTEXT; }
static inline EGLSurface cegl_no_surface(void) { return EGL_NO_SURFACE; }
static inline EGLConfig cegl_no_config(void) { return (EGLConfig)0; }
static inline EGLNativeDisplayType cegl_default_display(void) { return EGL_DEFAULT_DISPLAY; }
