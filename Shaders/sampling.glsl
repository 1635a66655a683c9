// Texel addressing and filtering; mirrors Sources/StrataRender/Sampling.swift and
// Sources/StrataCPU/TextureSampler.swift. Texel i covers [i, i + 1) with its centre at
// i + 0.5; addressing clamps to the edge of the (tile) texture.

int nearestTexel(float s, int size) {
  return int(clamp(floor(s), 0.0, float(size - 1)));
}

vec4 sampleNearest(highp sampler2D tex, int level, vec2 st) {
  ivec2 size = textureSize(tex, level);
  return texelFetch(tex, ivec2(nearestTexel(st.x, size.x), nearestTexel(st.y, size.y)), level);
}

vec4 sampleBilinear(highp sampler2D tex, int level, vec2 st) {
  ivec2 size = textureSize(tex, level);
  vec2 p = st - 0.5;
  vec2 fl = floor(p);
  vec2 f = p - fl;
  ivec2 i0 = clamp(ivec2(fl), ivec2(0), size - 1);
  ivec2 i1 = clamp(ivec2(fl) + 1, ivec2(0), size - 1);
  vec4 a = texelFetch(tex, ivec2(i0.x, i0.y), level);
  vec4 b = texelFetch(tex, ivec2(i1.x, i0.y), level);
  vec4 c = texelFetch(tex, ivec2(i0.x, i1.y), level);
  vec4 d = texelFetch(tex, ivec2(i1.x, i1.y), level);
  vec4 top = a + (b - a) * f.x;
  vec4 bottom = c + (d - c) * f.x;
  return top + (bottom - top) * f.y;
}
