#version 300 es
// One instance per render-list draw: the draw's rectangle (grown by `expand` layer units
// for anti-aliased edges) mapped to the device by its homography. Clip-space w is the
// homography's W, so the GPU cuts away what lies behind the eye, as the CPU renderer does.
// The SIMPLE variants (hard-edged rectangles without clips or mipmaps, the bulk of most
// frames; TEXTURED for images, BOUNDED when a pixel-aligned clip narrows the draw) let the
// GPU interpolate texture coordinates instead of inverting the map per pixel.
// The quad is drawn as a triangle fan of its corners in order (0: x0y0, 1: x1y0, 2: x1y1,
// 3: x0y1), and the SIMPLE outputs are not `flat` (the same value at every corner
// interpolates to itself): llvmpipe then draws a screen-aligned quad as one rectangle,
// with neither edge tests nor a diagonal shared by two triangles (GLTarget).
precision highp float;
precision highp int;

layout(location = 0) in vec4 a_inv0;     // device -> layer row 0, expand
layout(location = 1) in vec4 a_inv1;     // row 1, soft edge bits
layout(location = 2) in vec4 a_inv2;     // row 2, opacity
layout(location = 3) in vec4 a_fwd0;     // layer -> device m0..m3
layout(location = 4) in vec4 a_fwd1;     // m4..m7
layout(location = 5) in vec4 a_rect;
layout(location = 6) in vec4 a_radii;
layout(location = 7) in vec4 a_innerRect;
layout(location = 8) in vec4 a_innerRadii;
layout(location = 9) in vec4 a_color;
layout(location = 10) in vec4 a_texel;   // layer -> texel a, b, c, d
layout(location = 11) in vec4 a_texel2;  // tx, ty, m8 of the forward map, lod bias
layout(location = 12) in vec4 a_bounds;  // device pixels x0, y0, x1, y1
layout(location = 13) in vec4 a_params;  // clip index, flags, min filter, mag filter
layout(location = 14) in vec4 a_extra;   // gradient row, polygon row, mask origin x, y

uniform vec2 u_viewport;   // the target's size in pixels
uniform vec2 u_origin;     // device position of the target's pixel (0, 0)

#ifdef SIMPLE
uniform highp sampler2D u_texture;
#ifdef EXACT
// A SIMPLE quad that is not screen-aligned (turned, sheared, in perspective): grown by
// 1/32 px (InstanceData), its fragments keep the centres whose layer point (the CPU's
// Projection.unproject, from the map's rows) lies in [x0, x1) x [y0, y1), so that the
// rasteriser's snapped edges decide nothing (strata-fuzz seed 987: a centre 0.0003 px
// outside a turned layer's edge was drawn). Flat: such a quad is no rectangle for llvmpipe.
flat out vec3 v_exact0;
flat out vec3 v_exact1;
flat out vec3 v_exact2;
flat out vec4 v_exactRect;
#endif
#ifdef ROUNDED
// The device -> layer map's rows (constant, so they interpolate to themselves without
// `flat`): the fragment computes its layer point from its centre exactly as the CPU does.
out vec3 v_row0;
out vec3 v_row1;
out vec4 v_rect;
out vec4 v_radii;
out vec4 v_jacobian;         // constant in an affine plane
#endif
out vec4 v_color;            // solid colour, or what texels are multiplied by (tint x opacity)
out vec4 v_bounds;
#ifdef MASK
uniform highp sampler2D u_mask;
out float v_full;            // a run of full tiles: coverage 1, no texel read (MaskTiling)
#endif
// Texture coordinates (0...1), interpolated perspective-correctly by the GPU (clip w = W).
out vec2 v_st;
#else
// Draw polygons (a_params.y & 256, row a_extra.y): their rows hold a fan (InstanceData+Fan).
uniform highp sampler2D u_polygons;
uniform vec2 u_polygonsLayout;
flat out vec4 v_inv0;
flat out vec4 v_inv1;
flat out vec4 v_inv2;
flat out vec4 v_rect;
flat out vec4 v_radii;
flat out vec4 v_innerRect;
flat out vec4 v_innerRadii;
flat out vec4 v_color;
flat out vec4 v_texel;
flat out vec4 v_texel2;
flat out vec4 v_bounds;
flat out vec4 v_params;
flat out vec4 v_extra;
#endif

void main() {
  float e = a_inv0.w;
  vec2 corner = vec2(((gl_VertexID + 1) & 2) != 0 ? a_rect.z + e : a_rect.x - e,
                     (gl_VertexID & 2) != 0 ? a_rect.w + e : a_rect.y - e);
  float X = a_fwd0.x * corner.x + a_fwd0.y * corner.y + a_fwd0.z;
  float Y = a_fwd0.w * corner.x + a_fwd1.x * corner.y + a_fwd1.y;
  float W = a_fwd1.z * corner.x + a_fwd1.w * corner.y + a_texel2.z;
  // A SIMPLE quad's hard edges need no move here: the GPU snaps vertices to its sub-pixel
  // grid (1/256 px on llvmpipe) before it decides, which took or lost a whole row for an
  // edge within 1/512 px of a row of centres, so InstanceData hands a screen-aligned
  // rectangle over with its edges already on the pixel boundaries of the device rule
  // (`HardEdges`, in double, as the CPU tests them), where snapping changes nothing.
  // Other quads are tested per pixel (EXACT, ROUNDED, the full build).
#ifndef SIMPLE
  // A draw cut to a convex polygon whose row holds a fan: four device points around the
  // polygon instead of the rectangle's corners, so that only the polygon's pixels are
  // shaded (the pieces of a 3D context are thin wedges of their rectangles). The shader
  // still decides each pixel; nothing needs cutting behind the eye (the fan is in front).
  // The row's texels are found as coverage.glsl's tableTexel does.
  if ((int(a_params.y) & 256) != 0) {
    int row = int(a_extra.y);
    int w = int(u_polygonsLayout.x), h = int(u_polygonsLayout.y);
    int block = row / h;
    vec4 head = texelFetch(u_polygons, ivec2(block * w, row - block * h), 0);
    if (head.y != 0.0) {
      int col = 1 + int(head.x) + gl_VertexID / 2;
      vec4 f = texelFetch(u_polygons, ivec2(block * w + col, row - block * h), 0);
      vec2 d = (gl_VertexID & 1) == 0 ? f.xy : f.zw;
      X = d.x;
      Y = d.y;
      W = 1.0;
    }
  }
#endif
  // Device row 0 is the framebuffer's first row, so glReadPixels needs no flip.
  X -= u_origin.x * W;
  Y -= u_origin.y * W;
  gl_Position = vec4(X * (2.0 / u_viewport.x) - W, Y * (2.0 / u_viewport.y) - W, 0.0, W);
#ifdef SIMPLE
  v_bounds = a_bounds;
#ifdef EXACT
  v_exact0 = a_inv0.xyz;
  v_exact1 = a_inv1.xyz;
  v_exact2 = a_inv2.xyz;
  v_exactRect = a_rect;
#endif
#ifdef ROUNDED
  v_row0 = a_inv0.xyz;
  v_row1 = a_inv1.xyz;
  v_rect = a_rect;
  v_radii = a_radii;
  v_jacobian = vec4(a_inv0.x, a_inv0.y, a_inv1.x, a_inv1.y);
#endif
#ifdef TEXTURED
  v_color = a_color;
  vec2 st = vec2(a_texel.x * corner.x + a_texel.z * corner.y + a_texel2.x,
                 a_texel.y * corner.x + a_texel.w * corner.y + a_texel2.y);
  v_st = st / vec2(textureSize(u_texture, 0));
#elif defined(MASK)
  // The plane is the mask's pixel grid and the quad one run of it; the mask's first byte
  // is atlas texel a_texel.xy.
  v_color = a_color;
  v_full = a_texel.z;
  v_st = (corner + a_texel.xy) / vec2(textureSize(u_mask, 0));
#else
  v_color = a_color;
  v_st = vec2(0.0);
#endif
#else
  v_inv0 = a_inv0;
  v_inv1 = a_inv1;
  v_inv2 = a_inv2;
  v_rect = a_rect;
  v_radii = a_radii;
  v_innerRect = a_innerRect;
  v_innerRadii = a_innerRadii;
  v_color = a_color;
  v_texel = a_texel;
  v_texel2 = a_texel2;
  v_bounds = a_bounds;
  v_params = a_params;
  v_extra = a_extra;
#endif
}
