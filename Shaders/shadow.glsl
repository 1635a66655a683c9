// The analytic shadow of a rounded rectangle; mirrors Sources/StrataRender/ShadowMath.swift.

float shadowErf(float x) {
  float s = x < 0.0 ? -1.0 : 1.0;
  float a = abs(x);
  float t = 1.0 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a;
  t *= t;
  return s - s / (t * t);
}

float shadowGaussian(float x, float sigma) {
  return exp(-(x * x) / (2.0 * sigma * sigma)) / (2.5066283 * sigma);
}

float shadowRow(float x, float y, float sigma, float corner, float halfW, float halfH) {
  float delta = min(halfH - corner - abs(y), 0.0);
  float curved = halfW - corner + sqrt(max(0.0, corner * corner - delta * delta));
  float k = 0.70710678 / sigma;
  float a = 0.5 + 0.5 * shadowErf((x - curved) * k);
  float b = 0.5 + 0.5 * shadowErf((x + curved) * k);
  return b - a;
}

// Coverage at p of the rounded rectangle r = (x0, y0, x1, y1) with corner radius `corner`,
// blurred with standard deviation sigma.
float roundedBoxShadow(vec2 p, vec4 r, float corner, float sigma) {
  vec2 c = (r.xy + r.zw) * 0.5;
  float halfW = (r.z - r.x) * 0.5, halfH = (r.w - r.y) * 0.5;
  float x = p.x - c.x, y = p.y - c.y;
  if (sigma <= 0.01) {
    return abs(x) <= halfW && abs(y) <= halfH ? (shadowRow(x, 0.0, 1e-3, corner, halfW, halfH) > 0.5 ? 1.0 : 0.0) : 0.0;
  }
  float low = y - halfH, high = y + halfH;
  float start = clamp(-3.0 * sigma, low, high), end = clamp(3.0 * sigma, low, high);
  float step = (end - start) * 0.25;
  float t = start + step * 0.5;
  float value = 0.0;
  for (int i = 0; i < 4; i++) {
    value += shadowRow(x, y - t, sigma, corner, halfW, halfH) * shadowGaussian(t, sigma) * step;
    t += step;
  }
  return clamp(value, 0.0, 1.0);
}
