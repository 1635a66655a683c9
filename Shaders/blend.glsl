// The blend modes on premultiplied colour; mirrors
// Sources/StrataRender/BlendMath.swift (ShaderMirrorTests checks it). Modes are numbered in
// BlendMode.allCases order (BlendMode.shaderIndex).

float hardLight(float cs, float cb) {
  return cs <= 0.5 ? cb * 2.0 * cs : cb + (2.0 * cs - 1.0) - cb * (2.0 * cs - 1.0);
}

// Mirrors BlendMath.channel (modes in BlendMode's order).
float blendChannel(int m, float cs, float cb) {
  if (m == 1) return cs * cb;
  if (m == 2) return cs + cb - cs * cb;
  if (m == 3) return hardLight(cb, cs);
  if (m == 4) return min(cs, cb);
  if (m == 5) return max(cs, cb);
  if (m == 6) { if (cb == 0.0) return 0.0; return cs >= 1.0 ? 1.0 : min(1.0, cb / (1.0 - cs)); }
  if (m == 7) { if (cb >= 1.0) return 1.0; return cs <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - cb) / cs); }
  if (m == 8) {
    if (cs <= 0.5) return cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
    float d = cb <= 0.25 ? ((16.0 * cb - 12.0) * cb + 4.0) * cb : sqrt(cb);
    return cb + (2.0 * cs - 1.0) * (d - cb);
  }
  if (m == 9) return hardLight(cs, cb);
  if (m == 10) return abs(cs - cb);
  if (m == 11) return cs + cb - 2.0 * cs * cb;
  return cs;
}

// The non-separable modes' helpers (W3C), mirroring BlendMath's.
float blendLum(vec3 c) { return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b; }

vec3 blendClipColor(vec3 c) {
  float l = blendLum(c), n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
  if (n < 0.0) c = vec3(l) + (c - vec3(l)) * (l / (l - n));
  if (x > 1.0) c = vec3(l) + (c - vec3(l)) * ((1.0 - l) / (x - l));
  return c;
}

vec3 blendSetLum(vec3 c, float l) { return blendClipColor(c + vec3(l - blendLum(c))); }

float blendSat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }

vec3 blendSetSat(vec3 c, float s) {
  float n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
  if (x <= n) return vec3(0.0);
  return (c - vec3(n)) * (s / (x - n));
}

// Mirrors BlendMath.nonSeparable: modes 13 hue, 14 saturation, 15 color, 16 luminosity.
vec3 blendNonSeparable(int m, vec3 cs, vec3 cb) {
  if (m == 13) return blendSetLum(blendSetSat(cs, blendSat(cb)), blendLum(cb));
  if (m == 14) return blendSetLum(blendSetSat(cb, blendSat(cs)), blendLum(cb));
  if (m == 15) return blendSetLum(cs, blendLum(cb));
  return blendSetLum(cb, blendLum(cs));
}

// Mirrors BlendMath.blend.
vec4 blend(int m, vec4 s, vec4 d) {
  if (m == 12) return clamp(s + d, 0.0, 1.0);
  if (m == 0 || d.a <= 0.0 || s.a <= 0.0) return s + d * (1.0 - s.a);
  vec4 o = vec4(0.0, 0.0, 0.0, s.a + d.a - s.a * d.a);
  vec3 cs = s.rgb / s.a, cb = d.rgb / d.a;
  if (m >= 13) {
    o.rgb = (1.0 - d.a) * s.rgb + (1.0 - s.a) * d.rgb + s.a * d.a * blendNonSeparable(m, cs, cb);
    return o;
  }
  o.r = (1.0 - d.a) * s.r + (1.0 - s.a) * d.r + s.a * d.a * blendChannel(m, cs.r, cb.r);
  o.g = (1.0 - d.a) * s.g + (1.0 - s.a) * d.g + s.a * d.a * blendChannel(m, cs.g, cb.g);
  o.b = (1.0 - d.a) * s.b + (1.0 - s.a) * d.b + s.a * d.a * blendChannel(m, cs.b, cb.b);
  return o;
}
