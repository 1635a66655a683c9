// Texel addressing and mipmap level selection; mirrors Sources/StrataRender/Sampling.swift
// function by function (ShaderMirrorTests checks each on a grid of inputs), and the
// filtering of Sources/StrataCPU/TextureSampler.swift. Texel i covers [i, i + 1) with its
// centre at i + 0.5; addressing clamps to the edge of the level.
//
// A level is a rectangle of texels of the texture's level 0 (rect.xy its first texel,
// rect.zw its size; see TextureLevels.swift), always read with texelFetch(..., 0): the
// level is chosen per pixel through the coordinates, never through texelFetch's level
// argument, which llvmpipe evaluates once per 2x2 quad.

// Sampling.nearest.
int nearestTexel(float s, int size) {
  return int(clamp(floor(s), 0.0, float(size - 1)));
}

// Sampling.linear: the two texels linear filtering blends at s, and the weight of the
// second, as (i0, i1, f).
vec3 linearTexels(float s, int size) {
  float p = s - 0.5;
  float fl = floor(p);
  int i = int(clamp(fl, -1.0, float(size)));
  return vec3(float(clamp(i, 0, size - 1)), float(clamp(i + 1, 0, size - 1)), p - fl);
}

// Sampling.texelsPerPixel: texels per device pixel along the longer axis of the footprint,
// for the layer -> texel map texel = (a, b, c, d) and the Jacobian j = (du/dx, du/dy,
// dv/dx, dv/dy).
float texelsPerPixel(vec4 texel, vec4 j) {
  float sx = texel.x * j.x + texel.z * j.z, tx = texel.y * j.x + texel.w * j.z;
  float sy = texel.x * j.y + texel.z * j.w, ty = texel.y * j.y + texel.w * j.w;
  return max(sqrt(sx * sx + tx * tx), sqrt(sy * sy + ty * ty));
}

// Sampling.levelOfDetail.
float levelOfDetail(float rho, float bias) {
  return rho > 0.0 ? log2(rho) + bias : 0.0;
}

// Sampling.mipLevels: the two levels trilinear filtering blends at lod in a chain of
// `count` levels (i0, i1), and the weight of the second (returned). Both are valid levels.
float mipLevels(float lod, int count, out int i0, out int i1) {
  float l = lod > 0.0 ? min(lod, float(count - 1)) : 0.0;
  float l0 = floor(l);
  i0 = int(l0);
  i1 = min(i0 + 1, count - 1);
  return l - l0;
}

// TextureSampler.nearest within one level.
vec4 sampleNearestIn(highp sampler2D tex, vec4 rect, vec2 st) {
  ivec2 size = ivec2(rect.zw);
  return texelFetch(tex, ivec2(rect.xy) + ivec2(nearestTexel(st.x, size.x), nearestTexel(st.y, size.y)), 0);
}

// TextureSampler.bilinear within one level.
vec4 sampleBilinearIn(highp sampler2D tex, vec4 rect, vec2 st) {
  ivec2 o = ivec2(rect.xy), size = ivec2(rect.zw);
  vec3 x = linearTexels(st.x, size.x), y = linearTexels(st.y, size.y);
  vec4 a = texelFetch(tex, o + ivec2(int(x.x), int(y.x)), 0);
  vec4 b = texelFetch(tex, o + ivec2(int(x.y), int(y.x)), 0);
  vec4 c = texelFetch(tex, o + ivec2(int(x.x), int(y.y)), 0);
  vec4 d = texelFetch(tex, o + ivec2(int(x.y), int(y.y)), 0);
  vec4 top = a + (b - a) * x.z;
  vec4 bottom = c + (d - c) * x.z;
  return top + (bottom - top) * y.z;
}
