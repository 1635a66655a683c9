#version 300 es
// A rectangle of device pixels (u_rect) on the current target, for the offscreen-group
// passes of effect.frag.
precision highp float;

uniform vec4 u_rect;       // device x0, y0, x1, y1
uniform vec2 u_viewport;   // the target's size
uniform vec2 u_origin;     // device position of the target's pixel (0, 0)

void main() {
  vec2 c = vec2((gl_VertexID & 1) != 0 ? u_rect.z : u_rect.x, (gl_VertexID & 2) != 0 ? u_rect.w : u_rect.y);
  c -= u_origin;
  gl_Position = vec4(c * (2.0 / u_viewport) - 1.0, 0.0, 1.0);
}
