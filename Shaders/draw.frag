#version 300 es
// The per-pixel work of the CPU renderer's Rasterizer.generalRow: map the pixel centre back
// into the layer plane, apply shape, ring and clip coverage, sample the paint, and output
// premultiplied colour for (ONE, ONE_MINUS_SRC_ALPHA) blending.
precision highp float;
precision highp int;
precision highp sampler2D;

#include "coverage.glsl"
#include "sampling.glsl"
#include "projection.glsl"

uniform vec2 u_origin;         // device position of the target's pixel (0, 0)

#ifdef ADDITIVE
// Plus-lighter adds each draw to the 8-bit target rounded to a level, as blending into an
// RGBA8 target does: the level chosen here is what the CPU adds (AdditiveLevels.level), and
// the output is that level exactly, so the blender's own rounding cannot choose another.
// The half is a little more than half a level (0.5 + 1/256), so that a source exactly
// between two levels (a texel times opacity 0.5) rounds up on both backends, not up or
// down by the last bit of each one's product.
vec4 additiveLevels(vec4 c) {
#ifdef ADDITIVE_BIAS
  // A blender known to convert its source to 8 bits as round(c · 255), to nearest, and to
  // clamp it to [0, 1] first (llvmpipe: GLInfo.blendRoundsToNearest) makes that same level
  // of c plus 1/256 of a level: one add, where the exact form costs five operations a
  // channel (5% of S4's frame on llvmpipe). Only a source within float rounding of a
  // level's edge can land on the other side, as it can in the exact form. The add also
  // keeps llvmpipe's linear rasteriser away, which converts as trunc(c · 256) (its
  // shaders move and multiply only); AdditiveRunTests checks both, on two frames.
  return c + 1.0 / 65280.0;
#else
  return min(floor(c * 255.0 + 0.50390625), 255.0) * (1.0 / 255.0);
#endif
}
#endif

#ifdef SIMPLE
// Hard-edged rectangle, no clip needing coverage, one filter: the quad is exactly the
// rectangle, so rasterisation samples the pixel centres inside it, and the GPU's own
// nearest or bilinear filtering (set on the texture) follows the same texel-centre formula
// as sampleNearestIn/sampleBilinearIn.
uniform sampler2D u_texture;
in vec4 v_color;
in vec4 v_bounds;
in vec2 v_st;
#ifdef MASK
uniform sampler2D u_mask;
in float v_full;
#endif
#ifdef EXACT
// A quad that is not screen-aligned decides its hard edges here (see draw.vert).
flat in vec3 v_exact0;
flat in vec3 v_exact1;
flat in vec3 v_exact2;
flat in vec4 v_exactRect;
#endif
#ifdef ROUNDED
// A solid rounded rectangle in an affine plane: the layer point of the pixel centre (the
// CPU's Projection.unproject with w = 1, not a point interpolated between corners the GPU
// snapped, which took or lost centres exactly on a hard edge: strata-fuzz seeds 251 and
// 529) and the constant Jacobian give its coverage; the quad is grown by 1/32 px so that
// this test, not the rasteriser, decides the hard edges.
in vec3 v_row0;
in vec3 v_row1;
in vec4 v_rect;
in vec4 v_radii;
in vec4 v_jacobian;
#endif
out vec4 fragColor;

void main() {
#ifdef BOUNDED
  vec2 d = gl_FragCoord.xy + u_origin;
  if (d.x < v_bounds.x || d.x >= v_bounds.z || d.y < v_bounds.y || d.y >= v_bounds.w) discard;
#endif
#ifdef EXACT
  vec3 q = unproject(v_exact0, v_exact1, v_exact2, gl_FragCoord.xy + u_origin);
  if (q.z <= 0.0 || !(q.x >= v_exactRect.x && q.x < v_exactRect.z && q.y >= v_exactRect.y && q.y < v_exactRect.w)) discard;
#endif
#ifdef TEXTURED
  fragColor = texture(u_texture, v_st) * v_color;
#elif defined(ROUNDED)
  vec2 c = gl_FragCoord.xy + u_origin;
  vec2 p = vec2(v_row0.x * c.x + v_row0.y * c.y + v_row0.z, v_row1.x * c.x + v_row1.y * c.y + v_row1.z);
  fragColor = v_color * roundedRectCoverage(p, v_rect, v_radii, 0, v_jacobian);
#elif defined(MASK)
  // A solid coverage mask (a shape's fill or stroke): the pixel reads its own byte, as
  // the full shader does. v_st is the pixel centre in the mask's texels (exact to far
  // below half a texel), so NEAREST sampling returns that very byte; llvmpipe samples
  // interpolated coordinates several times faster than it runs texelFetch.
  // A run of full tiles needs no texel: every byte is 255.
  fragColor = v_full != 0.0 ? v_color : v_color * texture(u_mask, v_st).r;
#else
  fragColor = v_color;
#endif
#ifdef ADDITIVE
  fragColor = additiveLevels(fragColor);
#endif
}
#else
// The batch's image (or tile), with its mipmap levels side by side in level 0: level k's
// texels are the rectangle u_levelRect[k] (first texel, size), and its texel coordinates
// are level-0 coordinates times u_levelMap[k].xy plus u_levelMap[k].zw (TextureLevels).
const int MAX_LEVELS = 24;     // TextureLevels.maxLevels
uniform sampler2D u_texture;
uniform int u_levels;
uniform vec4 u_levelRect[MAX_LEVELS];
uniform vec4 u_levelMap[MAX_LEVELS];

flat in vec4 v_inv0;
flat in vec4 v_inv1;
flat in vec4 v_inv2;
flat in vec4 v_rect;
flat in vec4 v_radii;
flat in vec4 v_innerRect;
flat in vec4 v_innerRadii;
flat in vec4 v_color;
flat in vec4 v_texel;
flat in vec4 v_texel2;
flat in vec4 v_bounds;
flat in vec4 v_params;
flat in vec4 v_extra;            // gradient row, polygon row, mask origin (InstanceData)

// The layer-kind primitives (GLRenderer+Kinds): an R8 coverage mask, and the gradient and
// polygon tables, one row per draw.
uniform sampler2D u_mask;
uniform sampler2D u_gradients;
uniform vec2 u_gradientsLayout;  // tableTexel's layouts of the tables
uniform sampler2D u_polygons;
uniform vec2 u_polygonsLayout;

out vec4 fragColor;

const int FLAG_RING = 1;
const int FLAG_TEXTURED = 2;
const int FLAG_BOUNDED = 4;
const int FLAG_SHADOW = 8;
const int FLAG_CONTINUOUS = 16;
const int FLAG_OCCLUDER = 32;
const int FLAG_MASK = 64;
const int FLAG_GRADIENT = 128;
const int FLAG_POLYGON = 256;
const int FILTER_NEAREST = 0;
const int FILTER_LINEAR = 1;
const int FILTER_TRILINEAR = 2;

#include "clip.glsl"
#include "shadow.glsl"
#include "gradient.glsl"

// The gradient of table row `row` at layer point p (PreparedGradient.color): the row holds
// (kind, stops), (start, end), the unit rectangle, then the stops.
vec4 gradientPaint(int row, vec2 p) {
  vec4 head = texelFetch(u_gradients, tableTexel(u_gradientsLayout, row, 0), 0);
  vec4 ends = texelFetch(u_gradients, tableTexel(u_gradientsLayout, row, 1), 0);
  vec4 unit = texelFetch(u_gradients, tableTexel(u_gradientsLayout, row, 2), 0);
  vec2 q = (p - unit.xy) / unit.zw;
  return gradientStopsColor(u_gradients, u_gradientsLayout, row, 3, int(head.y), gradientParameter(int(head.x), q, ends.xy, ends.zw));
}

vec4 sampleLevel(int k, vec2 st) {
  return sampleBilinearIn(u_texture, u_levelRect[k], st * u_levelMap[k].xy + u_levelMap[k].zw);
}

// Rasterizer.sample: level 0 with the magnification filter where the image is magnified,
// else the minification filter; trilinear blends the two levels mipLevels picks, each
// pixel its own (issue 9.1: with GL's mipmap levels and texelFetch's level argument,
// llvmpipe read one level per 2x2 quad, and pixels whose quad-mate took the
// magnification branch read a level that did not exist: transparent holes).
vec4 sampleImage(vec2 p, vec4 j) {
  vec2 st = vec2(v_texel.x * p.x + v_texel.z * p.y + v_texel2.x, v_texel.y * p.x + v_texel.w * p.y + v_texel2.y);
  int minFilter = int(v_params.z), magFilter = int(v_params.w);
  vec4 level0 = u_levelRect[0];
  if (minFilter == magFilter && minFilter != FILTER_TRILINEAR) {
    return magFilter == FILTER_NEAREST ? sampleNearestIn(u_texture, level0, st) : sampleBilinearIn(u_texture, level0, st);
  }
  float lod = levelOfDetail(texelsPerPixel(v_texel, j), v_texel2.w);
  if (lod <= 0.0) {
    return magFilter == FILTER_NEAREST ? sampleNearestIn(u_texture, level0, st) : sampleBilinearIn(u_texture, level0, st);
  }
  if (minFilter == FILTER_NEAREST) return sampleNearestIn(u_texture, level0, st);
  if (minFilter == FILTER_LINEAR) return sampleBilinearIn(u_texture, level0, st);
  int i0, i1;
  float f = mipLevels(lod, u_levels, i0, i1);
  vec4 ca = sampleLevel(i0, st);
  if (f == 0.0 || i1 == i0) return ca;
  vec4 cb = sampleLevel(i1, st);
  return ca + (cb - ca) * f;
}

void main() {
  vec2 d = gl_FragCoord.xy + u_origin;
  if (d.x < v_bounds.x || d.x >= v_bounds.z || d.y < v_bounds.y || d.y >= v_bounds.w) discard;
  vec3 q = unproject(v_inv0.xyz, v_inv1.xyz, v_inv2.xyz, d);
  if (q.z <= 0.0) discard;
  vec2 p = q.xy;
  vec4 j = projectionDerivatives(v_inv0.xyz, v_inv1.xyz, v_inv2.xyz, p, q.z);
  int flags = int(v_params.y);
  bool continuous = (flags & FLAG_CONTINUOUS) != 0;
  if ((flags & FLAG_OCCLUDER) != 0 && insideRoundedRect(p, v_texel, v_radii)) discard;
  float cov;
  if ((flags & FLAG_SHADOW) != 0) {
    // The shape is in innerRect/innerRadii and sigma in texel2.w (see InstanceData).
    cov = roundedRectCoverage(p, v_rect, vec4(0.0), int(v_inv1.w), j);
    if (cov <= 0.0) discard;
    bool left, top;
    float corner = cornerRadius(p, v_innerRect, v_innerRadii, left, top);
    cov *= roundedBoxShadow(p, v_innerRect, corner, v_texel2.w);
  } else {
    cov = roundedRectCoverageCurve(p, v_rect, v_radii, int(v_inv1.w), j, continuous);
    if (cov <= 0.0) discard;
    if ((flags & FLAG_MASK) != 0) {
      // The mask's plane is its pixel grid: the pixel reads its own byte, unfiltered.
      cov *= texelFetch(u_mask, ivec2(floor(d)) - ivec2(v_extra.zw), 0).r;
      if (cov <= 0.0) discard;
    }
    if ((flags & FLAG_POLYGON) != 0) {
      // Table row v_extra.y: the count, then one edge (nx, ny, c, soft) per texel.
      cov *= convexPolygonCoverage(u_polygons, u_polygonsLayout, int(v_extra.y), 0, p, j);
      if (cov <= 0.0) discard;
    }
    if ((flags & FLAG_RING) != 0) {
      cov *= 1.0 - roundedRectCoverageCurve(p, v_innerRect, v_innerRadii, 15, j, continuous);
    }
  }
  if (cov <= 0.0) discard;
  int clip = int(v_params.x);
  if (clip >= 0) {
    cov *= clipCoverage(clip, d);
    if (cov <= 0.0) discard;
  }
  // v_color: the solid colour, or the tint (white for plain images), with the opacity.
  vec4 src = (flags & FLAG_TEXTURED) != 0 ? sampleImage(p, j) * v_color * cov
           : (flags & FLAG_GRADIENT) != 0 ? gradientPaint(int(v_extra.x), p) * v_color * cov
           : v_color * cov;
#ifdef ADDITIVE
  src = additiveLevels(src);
#endif
  fragColor = src;
}
#endif
