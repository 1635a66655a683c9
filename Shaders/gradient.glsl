// Core Animation's gradients in unit space; mirrors Sources/StrataRender/GradientMath.swift
// function by function (ShaderMirrorTests checks them). Kinds: 0 axial, 1 radial, 2 conic.
// Needs coverage.glsl (tableTexel: the stops are read from a table).

// The parameter of a degenerate gradient: past every stop (the last colour).
const float GRADIENT_BEYOND = 1e30;
// The largest float below 1 (GradientMath.seamBelow): 1 - 2^-24.
const float GRADIENT_SEAM_BELOW = 0.99999994;

// The gradient parameter at unit point q (GradientMath.parameter).
float gradientParameter(int kind, vec2 q, vec2 s, vec2 e) {
  float px = q.x - s.x, py = q.y - s.y;
  float dx = e.x - s.x, dy = e.y - s.y;
  if (kind == 0) {
    float dd = dx * dx + dy * dy;
    if (dd == 0.0) return GRADIENT_BEYOND;
    return (px * dx + py * dy) / dd;
  }
  if (kind == 1) {
    float rx = abs(dx), ry = abs(dy);
    if (rx == 0.0 || ry == 0.0) return GRADIENT_BEYOND;
    float qx = px / rx, qy = py / ry;
    return sqrt(qx * qx + qy * qy);
  }
  if (dx == 0.0 && dy == 0.0) return GRADIENT_BEYOND;
  float turns = (atan(py, px) - atan(dy, dx)) * (1.0 / (2.0 * 3.14159265));
  float t = min(turns - floor(turns), GRADIENT_SEAM_BELOW);
  // Which side of the seam a point lies on decides between the first colour and the last
  // (GradientMath.parameter): not where the arctangents land.
  if (px * dx + py * dy > 0.0) {
    float side = dx * py - dy * px;
    if (side >= 0.0 && t > 0.5) {
      t = 0.0;
    } else if (side < 0.0 && t < 0.5) {
      t = GRADIENT_SEAM_BELOW;
    }
  }
  return t;
}

// The straight colour between stops (l0, c0) and (l1, c1), l0 <= t < l1 (GradientMath.between).
vec4 gradientBetween(float t, float l0, vec4 c0, float l1, vec4 c1) {
  float f = (t - l0) / (l1 - l0);
  return c0 + (c1 - c0) * f;
}

vec4 gradientPremultiplied(vec4 c) { return vec4(c.rgb * c.a, c.a); }

// Location i of stops whose locations start at texel column `first` of `row`, four to a texel.
float gradientLocation(highp sampler2D table, vec2 tableLayout, int row, int first, int i) {
  vec4 q = texelFetch(table, tableTexel(tableLayout, row, first + i / 4), 0);
  int k = i - (i / 4) * 4;
  return k == 0 ? q.x : (k == 1 ? q.y : (k == 2 ? q.z : q.w));
}

// The premultiplied colour at t of n stops in a table row: straight colours from column
// `colors`, then the locations (GradientMath.color: pad at both ends, the later colour at a
// hard stop).
vec4 gradientStopsColor(highp sampler2D table, vec2 tableLayout, int row, int colors, int n, float t) {
  int locations = colors + n;
  vec4 c = texelFetch(table, tableTexel(tableLayout, row, colors + n - 1), 0);
  if (t < gradientLocation(table, tableLayout, row, locations, 0)) {
    c = texelFetch(table, tableTexel(tableLayout, row, colors), 0);
  } else if (t < gradientLocation(table, tableLayout, row, locations, n - 1)) {
    for (int i = 0; i < n - 1; i++) {
      float l0 = gradientLocation(table, tableLayout, row, locations, i), l1 = gradientLocation(table, tableLayout, row, locations, i + 1);
      if (t >= l0 && t < l1) {
        c = gradientBetween(t, l0, texelFetch(table, tableTexel(tableLayout, row, colors + i), 0), l1, texelFetch(table, tableTexel(tableLayout, row, colors + i + 1), 0));
        break;
      }
    }
  }
  return gradientPremultiplied(c);
}
