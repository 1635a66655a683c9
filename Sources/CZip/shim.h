// libzip, reading archives from memory (zip_source_buffer_create, zip_open_from_source).
#include <zip.h>
