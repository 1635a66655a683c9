// How much of a group a mask pixel lets through, per mask mode: mirrors
// Sources/StrataRender/MaskMath.swift (ShaderMirrorTests checks). The pixel is premultiplied.
const int MASK_ALPHA = 0;
const int MASK_INVERTED_ALPHA = 1;
const int MASK_LUMINANCE = 2;
const int MASK_INVERTED_LUMINANCE = 3;

float maskLuminance(vec4 p) {
  return clamp(p.r * 0.2126 + p.g * 0.7152 + p.b * 0.0722, 0.0, 1.0);
}

float maskWeight(int mode, vec4 p) {
  if (mode == MASK_INVERTED_ALPHA) return 1.0 - p.a;
  if (mode == MASK_LUMINANCE) return maskLuminance(p);
  if (mode == MASK_INVERTED_LUMINANCE) return 1.0 - maskLuminance(p);
  return p.a;
}
