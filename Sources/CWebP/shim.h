// libwebp's simple decoding API (WebPGetFeatures, WebPDecodeRGBAInto); it reports errors by
// return value.
#include <webp/decode.h>
