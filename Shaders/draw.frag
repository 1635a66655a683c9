#version 300 es
// The per-pixel work of the CPU renderer's Rasterizer.generalRow: map the pixel centre back
// into the layer plane, apply shape, ring and clip coverage, sample the paint, and output
// premultiplied colour for (ONE, ONE_MINUS_SRC_ALPHA) blending.
precision highp float;
precision highp int;
precision highp sampler2D;

#include "coverage.glsl"
#include "sampling.glsl"

uniform vec2 u_origin;         // device position of the target's pixel (0, 0)

#ifdef SIMPLE
// Hard-edged rectangle, no clip needing coverage, one filter: the quad is exactly the
// rectangle, so rasterisation samples the pixel centres inside it, and the GPU's own
// nearest or bilinear filtering (set on the texture) follows the same texel-centre formula
// as sampleNearest/sampleBilinear.
uniform sampler2D u_texture;
flat in vec4 v_color;
flat in vec4 v_bounds;
in vec2 v_st;
#ifdef ROUNDED
// A solid rounded rectangle in an affine plane: only pixels in the corner squares need
// coverage; the interpolated layer point and the constant Jacobian give it.
in vec2 v_uv;
flat in vec4 v_rect;
flat in vec4 v_radii;
flat in vec4 v_jacobian;
#endif
out vec4 fragColor;

void main() {
#ifdef BOUNDED
  vec2 d = gl_FragCoord.xy + u_origin;
  if (d.x < v_bounds.x || d.x >= v_bounds.z || d.y < v_bounds.y || d.y >= v_bounds.w) discard;
#endif
#ifdef TEXTURED
  fragColor = texture(u_texture, v_st) * v_color;
#elif defined(ROUNDED)
  fragColor = v_color * roundedRectCoverage(v_uv, v_rect, v_radii, 0, v_jacobian);
#else
  fragColor = v_color;
#endif
}
#else
uniform sampler2D u_texture;   // the batch's image (or tile), with its mipmap levels
uniform int u_levels;          // mipmap levels present in u_texture

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

out vec4 fragColor;

const int FLAG_RING = 1;
const int FLAG_TEXTURED = 2;
const int FLAG_BOUNDED = 4;
const int FLAG_SHADOW = 8;
const int FLAG_CONTINUOUS = 16;
const int FLAG_OCCLUDER = 32;
const int FILTER_NEAREST = 0;
const int FILTER_LINEAR = 1;
const int FILTER_TRILINEAR = 2;

#include "clip.glsl"
#include "shadow.glsl"

vec4 sampleImage(vec2 p, vec4 j) {
  vec2 st = vec2(v_texel.x * p.x + v_texel.z * p.y + v_texel2.x, v_texel.y * p.x + v_texel.w * p.y + v_texel2.y);
  int minFilter = int(v_params.z), magFilter = int(v_params.w);
  if (minFilter == magFilter && minFilter != FILTER_TRILINEAR) {
    return magFilter == FILTER_NEAREST ? sampleNearest(u_texture, 0, st) : sampleBilinear(u_texture, 0, st);
  }
  // Texels per device pixel along the longer axis of the footprint.
  float sx = v_texel.x * j.x + v_texel.z * j.z, tx = v_texel.y * j.x + v_texel.w * j.z;
  float sy = v_texel.x * j.y + v_texel.z * j.w, ty = v_texel.y * j.y + v_texel.w * j.w;
  float rho = max(sqrt(sx * sx + tx * tx), sqrt(sy * sy + ty * ty));
  float lod = rho > 0.0 ? log2(rho) + v_texel2.w : 0.0;
  if (lod <= 0.0) {
    return magFilter == FILTER_NEAREST ? sampleNearest(u_texture, 0, st) : sampleBilinear(u_texture, 0, st);
  }
  if (minFilter == FILTER_NEAREST) return sampleNearest(u_texture, 0, st);
  if (minFilter == FILTER_LINEAR) return sampleBilinear(u_texture, 0, st);
  float l = min(lod, float(u_levels - 1));
  float l0 = floor(l);
  float f = l - l0;
  int i0 = int(l0);
  ivec2 s0 = textureSize(u_texture, 0);
  ivec2 sa = textureSize(u_texture, i0);
  vec4 ca = sampleBilinear(u_texture, i0, st * vec2(sa) / vec2(s0));
  if (f == 0.0 || i0 + 1 >= u_levels) return ca;
  ivec2 sb = textureSize(u_texture, i0 + 1);
  vec4 cb = sampleBilinear(u_texture, i0 + 1, st * vec2(sb) / vec2(s0));
  return ca + (cb - ca) * f;
}

void main() {
  vec2 d = gl_FragCoord.xy + u_origin;
  if (d.x < v_bounds.x || d.x >= v_bounds.z || d.y < v_bounds.y || d.y >= v_bounds.w) discard;
  float a = v_inv0.x * d.x + v_inv0.y * d.y + v_inv0.z;
  float b = v_inv1.x * d.x + v_inv1.y * d.y + v_inv1.z;
  float w = v_inv2.x * d.x + v_inv2.y * d.y + v_inv2.z;
  if (w <= 0.0) discard;
  vec2 p = vec2(a / w, b / w);
  vec4 j = vec4((v_inv0.x - p.x * v_inv2.x) / w, (v_inv0.y - p.x * v_inv2.y) / w,
                (v_inv1.x - p.y * v_inv2.x) / w, (v_inv1.y - p.y * v_inv2.y) / w);
  int flags = int(v_params.y);
  bool continuous = (flags & FLAG_CONTINUOUS) != 0;
  if ((flags & FLAG_OCCLUDER) != 0 && insideRoundedRect(p, v_texel, v_radii)) discard;
  float cov;
  if ((flags & FLAG_SHADOW) != 0) {
    // The shape is in innerRect/innerRadii and sigma in texel2.w (see InstanceData).
    cov = roundedRectCoverage(p, v_rect, vec4(0.0), int(v_inv1.w), j);
    if (cov <= 0.0) discard;
    vec4 s = v_innerRect;
    bool left = p.x < (s.x + s.z) * 0.5, top = p.y < (s.y + s.w) * 0.5;
    float corner = top ? (left ? v_innerRadii.x : v_innerRadii.y) : (left ? v_innerRadii.z : v_innerRadii.w);
    cov *= roundedBoxShadow(p, s, corner, v_texel2.w);
  } else {
    cov = roundedRectCoverageCurve(p, v_rect, v_radii, int(v_inv1.w), j, continuous);
    if (cov <= 0.0) discard;
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
  vec4 src = (flags & FLAG_TEXTURED) != 0 ? sampleImage(p, j) * v_color * cov : v_color * cov;
  fragColor = src;
}
#endif
