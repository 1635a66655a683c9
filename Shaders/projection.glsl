// The device -> layer-plane map at a pixel; mirrors Sources/StrataRender/Projection.swift
// (ShaderMirrorTests checks it). The map's rows are r0 = (m0, m1, m2), r1 = (m3, m4, m5),
// r2 = (m6, m7, m8): u = dot(r0, (x, y, 1)) / w, v = dot(r1, (x, y, 1)) / w,
// w = dot(r2, (x, y, 1)).

// The layer point of device point d in xy and its homogeneous w in z; w <= 0 lies behind
// the eye (Projection.unproject returns nil there).
vec3 unproject(vec3 r0, vec3 r1, vec3 r2, vec2 d) {
  float w = r2.x * d.x + r2.y * d.y + r2.z;
  return vec3((r0.x * d.x + r0.y * d.y + r0.z) / w, (r1.x * d.x + r1.y * d.y + r1.z) / w, w);
}

// (du/dx, du/dy, dv/dx, dv/dy) at a pixel whose layer point is p with homogeneous w
// (Projection.derivatives: the quotient rule on unproject).
vec4 projectionDerivatives(vec3 r0, vec3 r1, vec3 r2, vec2 p, float w) {
  return vec4((r0.x - p.x * r2.x) / w, (r0.y - p.x * r2.y) / w, (r1.x - p.y * r2.x) / w, (r1.y - p.y * r2.y) / w);
}
