// Clip coverage from the clip table (RGBA32F, one clip per row): t0 = device->layer row 0
// + parent index, t1 = row 1 + pixel-aligned flag, t2 = row 2 + continuous flag, t3 = rect,
// t4 = radii, t5 = the polygon's edge count (0 without one), then its edges (nx, ny, c,
// soft), one per texel. Needs coverage.glsl and projection.glsl. Mirrors
// PreparedClip.coverage.

uniform highp sampler2D u_clips;
uniform vec2 u_clipsLayout;  // tableTexel's layout of the table

float clipCoverage(int index, vec2 d) {
  float c = 1.0;
  for (int n = 0; n < 64 && index >= 0; n++) {
    vec4 t0 = texelFetch(u_clips, tableTexel(u_clipsLayout, index, 0), 0);
    vec4 t1 = texelFetch(u_clips, tableTexel(u_clipsLayout, index, 1), 0);
    vec4 t2 = texelFetch(u_clips, tableTexel(u_clipsLayout, index, 2), 0);
    vec4 rect = texelFetch(u_clips, tableTexel(u_clipsLayout, index, 3), 0);
    if (t1.w == 0.0) {
      vec4 radii = texelFetch(u_clips, tableTexel(u_clipsLayout, index, 4), 0);
      vec3 q = unproject(t0.xyz, t1.xyz, t2.xyz, d);
      if (q.z <= 0.0) return 0.0;
      vec4 j = projectionDerivatives(t0.xyz, t1.xyz, t2.xyz, q.xy, q.z);
      c *= roundedRectCoverageCurve(q.xy, rect, radii, 15, j, t2.w != 0.0);
      if (c <= 0.0) return 0.0;
      c *= convexPolygonCoverage(u_clips, u_clipsLayout, index, 5, q.xy, j);
      if (c <= 0.0) return 0.0;
    } else {
      // Pixel-aligned: rect holds the device box.
      if (d.x < rect.x || d.x >= rect.z || d.y < rect.y || d.y >= rect.w) return 0.0;
    }
    index = int(t0.w);
  }
  return c;
}
