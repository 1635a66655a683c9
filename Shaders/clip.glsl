// Clip coverage from the clip table (5 RGBA32F texels per clip, one clip per row):
// t0 = device->layer row 0 + parent index, t1 = row 1 + pixel-aligned flag, t2 = row 2 +
// continuous flag, t3 = rect, t4 = radii. Needs coverage.glsl. Mirrors Effects.clipCoverage.

uniform highp sampler2D u_clips;

float clipCoverage(int index, vec2 d) {
  float c = 1.0;
  for (int n = 0; n < 64 && index >= 0; n++) {
    vec4 t0 = texelFetch(u_clips, ivec2(0, index), 0);
    vec4 t1 = texelFetch(u_clips, ivec2(1, index), 0);
    vec4 t2 = texelFetch(u_clips, ivec2(2, index), 0);
    vec4 rect = texelFetch(u_clips, ivec2(3, index), 0);
    if (t1.w == 0.0) {
      vec4 radii = texelFetch(u_clips, ivec2(4, index), 0);
      float a = t0.x * d.x + t0.y * d.y + t0.z;
      float b = t1.x * d.x + t1.y * d.y + t1.z;
      float w = t2.x * d.x + t2.y * d.y + t2.z;
      if (w <= 0.0) return 0.0;
      float u = a / w, v = b / w;
      vec4 j = vec4((t0.x - u * t2.x) / w, (t0.y - u * t2.y) / w, (t1.x - v * t2.x) / w, (t1.y - v * t2.y) / w);
      c *= roundedRectCoverageCurve(vec2(u, v), rect, radii, 15, j, t2.w != 0.0);
      if (c <= 0.0) return 0.0;
    } else {
      // Pixel-aligned: rect holds the device box.
      if (d.x < rect.x || d.x >= rect.z || d.y < rect.y || d.y >= rect.w) return 0.0;
    }
    index = int(t0.w);
  }
  return c;
}
