#version 300 es
// The passes of offscreen groups, one per u_mode; each mirrors a function of
// Sources/StrataCPU/Effects.swift or FloatImage.swift. Sources are sampled with texelFetch
// at device positions (u_srcOrigin is the device position of a source's texel (0, 0)).
precision highp float;
precision highp int;
precision highp sampler2D;

#include "coverage.glsl"
#include "projection.glsl"
#include "clip.glsl"
#include "blend.glsl"
#include "mask.glsl"

const int MODE_COMPOSITE = 0;     // src * opacity * clip, blended source-over by GL
const int MODE_MASK = 1;          // src * maskWeight(u_maskMode, mask)
const int MODE_BLUR = 2;          // one separable pass along u_direction
const int MODE_COLOR_MATRIX = 3;
const int MODE_SHADOW_ALPHA = 4;  // src.a at (d - offset), bilinear
const int MODE_SHADOW = 5;        // colour * src.a * clip, blended source-over by GL
const int MODE_BLEND = 6;         // blend(src * opacity * clip, dst), written directly
const int MODE_BACKDROP = 7;      // mix(dst, src, shape * clip), written directly
const int MODE_DOWNSAMPLE = 8;    // box average of u_factor x u_factor source texels
const int MODE_UPSAMPLE = 9;      // bilinear enlargement by u_factor

uniform vec2 u_origin;
// Built once per pass: PASS_MODE makes the mode a constant, so the compiler drops every
// other branch (llvmpipe runs both sides of a branch on a uniform, texel fetches and
// loops included: an RGBA32F composite of 1920 x 1080 ran all ten modes per pixel).
// Without it (shader validation), the mode is a uniform.
#ifdef PASS_MODE
const int u_mode = PASS_MODE;
#else
uniform int u_mode;
#endif
uniform sampler2D u_src;
uniform vec2 u_srcOrigin;
uniform sampler2D u_aux;          // mask, or the copied destination
uniform vec2 u_auxOrigin;
uniform float u_opacity;
uniform int u_clip;
uniform vec2 u_direction;
uniform float u_weights[33];
uniform int u_radius;
uniform float u_matrix[20];
uniform vec2 u_offset;
uniform vec4 u_color;
uniform int u_blendMode;
uniform int u_maskMode;
uniform int u_factor;
// Backdrop shape: device -> layer map rows, rect, radii, continuous.
uniform vec3 u_inv0;
uniform vec3 u_inv1;
uniform vec3 u_inv2;
uniform vec4 u_shapeRect;
uniform vec4 u_shapeRadii;
uniform bool u_continuous;

out vec4 fragColor;

vec4 src(ivec2 p) {
  ivec2 size = textureSize(u_src, 0);
  if (p.x < 0 || p.y < 0 || p.x >= size.x || p.y >= size.y) return vec4(0.0);
  return texelFetch(u_src, p, 0);
}

vec4 srcClamped(ivec2 p) {
  ivec2 size = textureSize(u_src, 0);
  return texelFetch(u_src, clamp(p, ivec2(0), size - 1), 0);
}

void main() {
  vec2 d = gl_FragCoord.xy + u_origin;
  ivec2 sp = ivec2(floor(d - u_srcOrigin));
  if (u_mode == MODE_COMPOSITE) {
    float k = u_opacity * (u_clip >= 0 ? clipCoverage(u_clip, d) : 1.0);
    fragColor = src(sp) * k;
  } else if (u_mode == MODE_MASK) {
    fragColor = src(sp) * maskWeight(u_maskMode, texelFetch(u_aux, ivec2(floor(d - u_auxOrigin)), 0));
  } else if (u_mode == MODE_BLUR) {
    ivec2 dir = ivec2(u_direction);
    vec4 acc = src(sp) * u_weights[0];
    for (int i = 1; i <= 32; i++) {
      if (i > u_radius) break;
      acc += (src(sp - dir * i) + src(sp + dir * i)) * u_weights[i];
    }
    fragColor = acc;
  } else if (u_mode == MODE_COLOR_MATRIX) {
    vec4 p = src(sp);
    vec4 c = p.a > 0.0 ? vec4(p.rgb / p.a, p.a) : vec4(0.0);
    vec4 o;
    for (int r = 0; r < 4; r++) {
      o[r] = u_matrix[r * 5] * c.r + u_matrix[r * 5 + 1] * c.g + u_matrix[r * 5 + 2] * c.b + u_matrix[r * 5 + 3] * c.a + u_matrix[r * 5 + 4];
    }
    o = clamp(o, 0.0, 1.0);
    fragColor = vec4(o.rgb * o.a, o.a);
  } else if (u_mode == MODE_SHADOW_ALPHA) {
    // Mirrors Effects.shadow: integer shift plus a bilinear fraction.
    vec2 o = floor(u_offset), f = u_offset - o;
    ivec2 s = ivec2(floor(d - o - u_srcOrigin));
    float top = src(s).a * (1.0 - f.x) + src(s - ivec2(1, 0)).a * f.x;
    float bottom = src(s - ivec2(0, 1)).a * (1.0 - f.x) + src(s - ivec2(1, 1)).a * f.x;
    fragColor = vec4(top * (1.0 - f.y) + bottom * f.y);
  } else if (u_mode == MODE_SHADOW) {
    float k = src(sp).a * (u_clip >= 0 ? clipCoverage(u_clip, d) : 1.0);
    fragColor = u_color * k;
  } else if (u_mode == MODE_BLEND) {
    float k = u_opacity * (u_clip >= 0 ? clipCoverage(u_clip, d) : 1.0);
    vec4 dst = texelFetch(u_aux, ivec2(floor(d - u_auxOrigin)), 0);
    fragColor = blend(u_blendMode, src(sp) * k, dst);
  } else if (u_mode == MODE_BACKDROP) {
    vec4 dst = texelFetch(u_aux, ivec2(floor(d - u_auxOrigin)), 0);
    vec3 q = unproject(u_inv0, u_inv1, u_inv2, d);
    float c = 0.0;
    if (q.z > 0.0) {
      vec4 j = projectionDerivatives(u_inv0, u_inv1, u_inv2, q.xy, q.z);
      c = roundedRectCoverageCurve(q.xy, u_shapeRect, u_shapeRadii, 15, j, u_continuous);
      if (c > 0.0 && u_clip >= 0) c *= clipCoverage(u_clip, d);
    }
    fragColor = mix(dst, src(sp), c);
  } else if (u_mode == MODE_DOWNSAMPLE) {
    vec4 acc = vec4(0.0);
    ivec2 base = sp * u_factor;
    for (int y = 0; y < 16; y++) {
      if (y >= u_factor) break;
      for (int x = 0; x < 16; x++) {
        if (x >= u_factor) break;
        acc += src(base + ivec2(x, y));
      }
    }
    fragColor = acc / float(u_factor * u_factor);
  } else {
    // MODE_UPSAMPLE, mirrors FloatImage.upsampled.
    vec2 s = (vec2(sp) + 0.5) / float(u_factor) - 0.5;
    vec2 fl = floor(s);
    vec2 f = s - fl;
    ivec2 i = ivec2(fl);
    vec4 top = mix(srcClamped(i), srcClamped(i + ivec2(1, 0)), f.x);
    vec4 bottom = mix(srcClamped(i + ivec2(0, 1)), srcClamped(i + ivec2(1, 1)), f.x);
    fragColor = mix(top, bottom, f.y);
  }
}
