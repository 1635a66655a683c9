// Anti-aliased coverage from signed distances in the layer plane, converted to device pixels
// with the Jacobian of the device -> layer map. Mirrors Sources/StrataRender/Coverage.swift
// function by function: change both together (ShaderMirrorTests checks them).

// The Jacobian at one pixel: (du/dx, du/dy, dv/dx, dv/dy).
float uPerPixel(vec4 j) { return sqrt(j.x * j.x + j.y * j.y); }
float vPerPixel(vec4 j) { return sqrt(j.z * j.z + j.w * j.w); }
float perPixel(vec4 j, float nx, float ny) {
  float gx = nx * j.x + ny * j.z;
  float gy = nx * j.y + ny * j.w;
  return sqrt(gx * gx + gy * gy);
}

// Coverage of a pixel whose centre lies `d` device pixels inside an edge.
float ramp(float d) { return clamp(0.5 + d, 0.0, 1.0); }

// Coverage of the rounded rectangle r = (x0, y0, x1, y1) with radii (top-left, top-right,
// bottom-left, bottom-right) at the layer point p. Bits of softEdges: 1 left, 2 right,
// 4 bottom (max y), 8 top (min y); the other straight edges are sampled at the centre.
const float CONTINUOUS_EXTENT = 1.528665;
const float CONTINUOUS_EXPONENT = 5.0;

// The corner of r nearest p (which half of r it lies in along each axis) and that corner's
// radius; mirrors Coverage.corner.
float cornerRadius(vec2 p, vec4 r, vec4 radii, out bool left, out bool top) {
  left = p.x < (r.x + r.z) * 0.5;
  top = p.y < (r.y + r.w) * 0.5;
  return top ? (left ? radii.x : radii.y) : (left ? radii.z : radii.w);
}

float roundedRectCoverageCurve(vec2 p, vec4 r, vec4 radii, int softEdges, vec4 j, bool continuous) {
  float u = p.x, v = p.y;
  float c = 1.0;
  if (softEdges == 0) {
    if (!(u >= r.x && u < r.z && v >= r.y && v < r.w)) return 0.0;
  } else {
    float su = uPerPixel(j), sv = vPerPixel(j);
    c = min(c, (softEdges & 1) != 0 ? ramp((u - r.x) / su) : (u >= r.x ? 1.0 : 0.0));
    c = min(c, (softEdges & 2) != 0 ? ramp((r.z - u) / su) : (u < r.z ? 1.0 : 0.0));
    c = min(c, (softEdges & 8) != 0 ? ramp((v - r.y) / sv) : (v >= r.y ? 1.0 : 0.0));
    c = min(c, (softEdges & 4) != 0 ? ramp((r.w - v) / sv) : (v < r.w ? 1.0 : 0.0));
    if (c <= 0.0) return 0.0;
  }
  bool left, top;
  float rad = cornerRadius(p, r, radii, left, top);
  if (continuous && rad > 0.0) {
    rad = min(rad * CONTINUOUS_EXTENT, min(r.z - r.x, r.w - r.y) * 0.5);
    float cx = left ? r.x + rad : r.z - rad;
    float cy = top ? r.y + rad : r.w - rad;
    if ((left ? u < cx : u > cx) && (top ? v < cy : v > cy)) {
      float ax = abs(u - cx) / rad, ay = abs(v - cy) / rad;
      float n = CONTINUOUS_EXPONENT;
      float px = pow(ax, n - 1.0), py = pow(ay, n - 1.0);
      float norm = pow(px * ax + py * ay, 1.0 / n);
      if (norm > 0.0) {
        float g = pow(norm, n - 1.0);
        float gx = px / g, gy = py / g;
        float glen = sqrt(gx * gx + gy * gy);
        if (glen > 0.0) {
          float d = rad * (1.0 - norm) / glen;
          float nx = (left ? -gx : gx) / glen, ny = (top ? -gy : gy) / glen;
          c = min(c, ramp(d / perPixel(j, nx, ny)));
        }
      }
    }
    return c;
  }
  if (rad > 0.0) {
    float cx = left ? r.x + rad : r.z - rad;
    float cy = top ? r.y + rad : r.w - rad;
    if ((left ? u < cx : u > cx) && (top ? v < cy : v > cy)) {
      float dx = u - cx, dy = v - cy;
      float len = sqrt(dx * dx + dy * dy);
      if (len > 0.0) {
        float d = rad - len;
        c = min(c, ramp(d / perPixel(j, dx / len, dy / len)));
      }
    }
  }
  return c;
}

float roundedRectCoverage(vec2 p, vec4 r, vec4 radii, int softEdges, vec4 j) {
  return roundedRectCoverageCurve(p, r, radii, softEdges, j, false);
}

// Whether p lies inside a rounded rectangle (circular corners, no anti-aliasing); mirrors
// Coverage.insideRoundedRect.
bool insideRoundedRect(vec2 p, vec4 r, vec4 radii) {
  if (!(p.x >= r.x && p.x < r.z && p.y >= r.y && p.y < r.w)) return false;
  bool left, top;
  float rad = cornerRadius(p, r, radii, left, top);
  if (rad <= 0.0) return true;
  float cx = left ? r.x + rad : r.z - rad;
  float cy = top ? r.y + rad : r.w - rad;
  if (!((left ? p.x < cx : p.x > cx) && (top ? p.y < cy : p.y > cy))) return true;
  float dx = p.x - cx, dy = p.y - cy;
  return dx * dx + dy * dy <= rad * rad;
}

// Coverage of the half-plane nx*u + ny*v + c >= 0, e = (nx, ny, c, soft), at the layer
// point p: a one-pixel ramp when soft, else the centre's side, a centre on the line going
// to the side whose normal points towards +x (or +y); mirrors Coverage.halfPlane.
float halfPlaneCoverage(vec2 p, vec4 e, vec4 j) {
  float d = e.x * p.x + e.y * p.y + e.z;
  if (e.w != 0.0) return ramp(d / perPixel(j, e.x, e.y));
  if (d > 0.0) return 1.0;
  return d == 0.0 && (e.x > 0.0 || (e.x == 0.0 && e.y > 0.0)) ? 1.0 : 0.0;
}

// Texel `col` of row `row` of a table (clips, polygons, gradient stops: RGBA32F, read with
// texelFetch) whose rows wrap into blocks of `tableLayout.y` rows, the blocks side by side
// `tableLayout.x` texels apart, so that a table can hold more rows than the texture limit
// (TableLayout in StrataGL).
ivec2 tableTexel(vec2 tableLayout, int row, int col) {
  int w = int(tableLayout.x), h = int(tableLayout.y);
  int block = row / h;
  return ivec2(block * w + col, row - block * h);
}

// Coverage of a convex polygon read from a table (RGBA32F, texelFetch): texel `first` of row
// `row` holds the edge count, the next texels one edge (nx, ny, c, soft) each; the least of
// its half-planes'. Mirrors Coverage.convexPolygon. Draw polygons (draw.frag) and polygon
// clips (clip.glsl) both read theirs with it.
float convexPolygonCoverage(highp sampler2D table, vec2 tableLayout, int row, int first, vec2 p, vec4 j) {
  int n = int(texelFetch(table, tableTexel(tableLayout, row, first), 0).x);
  float c = 1.0;
  for (int i = 0; i < n; i++) {
    c = min(c, halfPlaneCoverage(p, texelFetch(table, tableTexel(tableLayout, row, first + 1 + i), 0), j));
    if (c <= 0.0) return 0.0;
  }
  return c;
}
