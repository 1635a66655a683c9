// The separable blend modes on premultiplied colour; mirrors
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

// Mirrors BlendMath.blend.
vec4 blend(int m, vec4 s, vec4 d) {
  if (m == 12) return clamp(s + d, 0.0, 1.0);
  if (m == 0 || d.a <= 0.0 || s.a <= 0.0) return s + d * (1.0 - s.a);
  vec4 o = vec4(0.0, 0.0, 0.0, s.a + d.a - s.a * d.a);
  vec3 cs = s.rgb / s.a, cb = d.rgb / d.a;
  o.r = (1.0 - d.a) * s.r + (1.0 - s.a) * d.r + s.a * d.a * blendChannel(m, cs.r, cb.r);
  o.g = (1.0 - d.a) * s.g + (1.0 - s.a) * d.g + s.a * d.a * blendChannel(m, cs.g, cb.g);
  o.b = (1.0 - d.a) * s.b + (1.0 - s.a) * d.b + s.a * d.a * blendChannel(m, cs.b, cb.b);
  return o;
}
