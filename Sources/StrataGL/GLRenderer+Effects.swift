import CEGL
import Strata
import StrataRender

/// Offscreen groups on the GPU: the passes of `Shaders/effect.frag`, in the order of the
/// CPU renderer's `renderGroup` (content, mask, filters, shadow, composite).
extension GLRenderer.State {
  enum Mode: Int32 {
    case composite = 0, mask, blur, colorMatrix, shadowAlpha, shadow, blend, backdrop, downsample, upsample
  }

  /// A pass's inputs beyond the mode.
  struct PassInputs {
    var src: Target?
    var aux: Target?
    var opacity: Float = 1
    var clip: Int = -1
    var set: (GLCalls, ShaderProgram) -> Void = { _, _ in }
  }

  /// The program of `mode`'s pass, built when first needed: `effect.frag` with the mode
  /// as a constant (`PASS_MODE`), so that it holds that pass's code alone.
  mutating func effectProgram(_ gl: GLCalls, _ mode: Mode) throws(GLRenderError) -> ShaderProgram {
    if let p = effectPrograms[mode] { return p }
    let p = try ShaderProgram(
      gl, vertex: "effect.vert", fragment: "effect.frag", defines: ["PASS_MODE \(mode.rawValue)"], garbage: garbage,
      cache: programCache)
    effectPrograms[mode] = p
    return p
  }

  /// Runs one pass over `rect` (device pixels) of `target`, blended source-over (`blend`).
  mutating func run(
    _ gl: GLCalls, _ mode: Mode, into target: Target, rect: PixelBounds, blend: Bool,
    _ inputs: PassInputs
  ) throws(GLRenderError) {
    guard !rect.isEmpty else { return }
    let p = try effectProgram(gl, mode)
    bind(gl, target)
    if blend {
      gl.enable(GLenum(GL_BLEND))
      gl.blendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    } else {
      gl.disable(GLenum(GL_BLEND))
    }
    gl.useProgram(p.id)
    gl.uniform2f(p.uniform("u_viewport"), Float(target.bounds.x1 - target.bounds.x0), Float(target.bounds.y1 - target.bounds.y0))
    gl.uniform2f(p.uniform("u_origin"), Float(target.bounds.x0), Float(target.bounds.y0))
    gl.uniform4f(p.uniform("u_rect"), Float(rect.x0), Float(rect.y0), Float(rect.x1), Float(rect.y1))
    gl.uniform1i(p.uniform("u_src"), 0)
    gl.uniform1i(p.uniform("u_clips"), 1)
    gl.uniform2f(p.uniform("u_clipsLayout"), clipLayout.uniform.0, clipLayout.uniform.1)
    gl.uniform1i(p.uniform("u_aux"), 2)
    gl.uniform1f(p.uniform("u_opacity"), inputs.opacity)
    gl.uniform1i(p.uniform("u_clip"), GLint(inputs.clip))
    gl.activeTexture(GLenum(GL_TEXTURE1))
    gl.bindTexture(GLenum(GL_TEXTURE_2D), clipTexture!.id)
    gl.activeTexture(GLenum(GL_TEXTURE2))
    gl.bindTexture(GLenum(GL_TEXTURE_2D), (inputs.aux?.gl.texture ?? blankTexture!).id)
    gl.activeTexture(GLenum(GL_TEXTURE0))
    gl.bindTexture(GLenum(GL_TEXTURE_2D), (inputs.src?.gl.texture ?? blankTexture!).id)
    if let s = inputs.src { gl.uniform2f(p.uniform("u_srcOrigin"), Float(s.bounds.x0), Float(s.bounds.y0)) }
    if let a = inputs.aux { gl.uniform2f(p.uniform("u_auxOrigin"), Float(a.bounds.x0), Float(a.bounds.y0)) }
    inputs.set(gl, p)
    gl.bindVertexArray(vertexArray!.id)
    for i in 0..<InstanceData.vec4sPerInstance { gl.disableVertexAttribArray(GLuint(i)) }
    gl.drawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, 1)
    gl.bindVertexArray(0)
  }

  /// A cleared target covering `bounds`.
  mutating func offscreen(_ gl: GLCalls, _ bounds: PixelBounds) throws(GLRenderError) -> Target {
    let t = Target(gl: try targets.acquire(gl, width: bounds.x1 - bounds.x0, height: bounds.y1 - bounds.y0), bounds: bounds)
    bind(gl, t)
    gl.clearColor(0, 0, 0, 0)
    gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
    return t
  }

  func release(_ t: Target) { targets.release(t.gl) }

  mutating func renderGroup(
    _ gl: GLCalls, _ g: Group, _ inner: ArraySlice<RenderCommand>, into parent: Target, _ pass: inout Pass
  ) throws(GLRenderError) {
    let bounds = g.bounds.intersection(parent.bounds)
    guard !bounds.isEmpty else { return }
    let (content, maskCommands) = CommandNesting.parts(of: inner)
    var layer: Target
    // Targets to release once the group is composited: its own unless a cache keeps it.
    var done: [GLTarget] = []
    if let key = g.rasterizationKey, let kept = keptRaster(key, bounds) {
      layer = kept
    } else {
      layer = try offscreen(gl, bounds)
      try render(gl, content, into: layer, &pass)
      if let maskCommands {
        let mask = try offscreen(gl, bounds)
        try render(gl, maskCommands, into: mask, &pass)
        let out = try offscreen(gl, bounds)
        let mode = g.maskMode.shaderIndex
        try run(
          gl, .mask, into: out, rect: bounds, blend: false,
          PassInputs(src: layer, aux: mask, set: { gl, p in gl.uniform1i(p.uniform("u_maskMode"), mode) }))
        release(layer)
        release(mask)
        layer = out
      }
      for f in g.filters {
        layer = try filter(gl, f, layer)
      }
      done = g.rasterizationKey.map { keepRaster($0, layer) } ?? [layer.gl]
    }
    if let s = g.shadow {
      try shadow(gl, s, from: layer, into: parent)
    }
    if g.blendMode == .sourceOver {
      try run(gl, .composite, into: parent, rect: bounds, blend: true,
              PassInputs(src: layer, opacity: Float(g.opacity), clip: g.clip ?? -1))
    } else {
      let dst = try copy(gl, parent, bounds)
      let mode = g.blendMode.shaderIndex
      try run(gl, .blend, into: parent, rect: bounds, blend: false,
              PassInputs(src: layer, aux: dst, opacity: Float(g.opacity), clip: g.clip ?? -1) { gl, p in
                gl.uniform1i(p.uniform("u_blendMode"), mode)
              })
      release(dst)
    }
    for t in done { targets.release(t) }
  }

  /// A copy of `source`'s pixels in `bounds`.
  mutating func copy(_ gl: GLCalls, _ source: Target, _ bounds: PixelBounds) throws(GLRenderError) -> Target {
    let t = try offscreen(gl, bounds)
    try run(gl, .composite, into: t, rect: bounds, blend: false, PassInputs(src: source))
    return t
  }

  /// Applies a filter; returns the filtered target (the input is released or reused).
  mutating func filter(_ gl: GLCalls, _ f: DeviceFilter, _ t: Target) throws(GLRenderError) -> Target {
    switch f {
    case .blur(let sigma):
      return try blur(gl, t, sigma: sigma)
    case .colorMatrix(let m):
      guard m.count == 20 else { return t }
      let out = try offscreen(gl, t.bounds)
      let values = m.map { Float($0) }
      try run(gl, .colorMatrix, into: out, rect: t.bounds, blend: false, PassInputs(src: t) { gl, p in
        gl.uniform1fv(p.uniform("u_matrix"), values)
      })
      release(t)
      return out
    }
  }

  /// The shared Gaussian (`Blur.kernel`), separable, with `Blur.downsample` for large sigmas.
  mutating func blur(_ gl: GLCalls, _ t: Target, sigma: Double) throws(GLRenderError) -> Target {
    guard sigma > 0.05 else { return t }
    let f = Blur.downsample(for: sigma)
    if f > 1 {
      let w = t.bounds.x1 - t.bounds.x0, h = t.bounds.y1 - t.bounds.y0
      let smallBounds = PixelBounds(x0: 0, y0: 0, x1: (w + f - 1) / f, y1: (h + f - 1) / f)
      let small = try offscreen(gl, smallBounds)
      let source = Target(gl: t.gl, bounds: PixelBounds(x0: 0, y0: 0, x1: w, y1: h))
      try run(gl, .downsample, into: small, rect: smallBounds, blend: false, PassInputs(src: source) { gl, p in
        gl.uniform1i(p.uniform("u_factor"), GLint(f))
      })
      release(t)
      let blurred = try blur(gl, small, sigma: sigma / Double(f))
      let up = try offscreen(gl, t.bounds)
      let lowRes = Target(gl: blurred.gl, bounds: PixelBounds(x0: t.bounds.x0, y0: t.bounds.y0, x1: t.bounds.x0 + smallBounds.x1, y1: t.bounds.y0 + smallBounds.y1))
      try run(gl, .upsample, into: up, rect: t.bounds, blend: false, PassInputs(src: lowRes) { gl, p in
        gl.uniform1i(p.uniform("u_factor"), GLint(f))
      })
      release(blurred)
      return up
    }
    let k = Blur.kernel(sigma: sigma)
    let weights = k + [Float](repeating: 0, count: 33 - k.count)
    let tmp = try offscreen(gl, t.bounds)
    for (dir, from, to) in [((1, 0), t, tmp)] {
      try run(gl, .blur, into: to, rect: t.bounds, blend: false, PassInputs(src: from) { gl, p in
        gl.uniform2f(p.uniform("u_direction"), Float(dir.0), Float(dir.1))
        gl.uniform1i(p.uniform("u_radius"), GLint(k.count - 1))
        gl.uniform1fv(p.uniform("u_weights"), weights)
      })
    }
    let out = try offscreen(gl, t.bounds)
    try run(gl, .blur, into: out, rect: t.bounds, blend: false, PassInputs(src: tmp) { gl, p in
      gl.uniform2f(p.uniform("u_direction"), 0, 1)
      gl.uniform1i(p.uniform("u_radius"), GLint(k.count - 1))
      gl.uniform1fv(p.uniform("u_weights"), weights)
    })
    release(tmp)
    release(t)
    return out
  }

  mutating func shadow(_ gl: GLCalls, _ s: GroupShadow, from layer: Target, into parent: Target) throws(GLRenderError) {
    let b = s.bounds.intersection(parent.bounds)
    guard !b.isEmpty else { return }
    // A shadow whose inputs did not change is reused, not blurred again.
    let blurred: Target
    var done: [GLTarget] = []
    if let kept = keptShadow(s.cacheKey, b) {
      blurred = kept
    } else {
      let alpha = try offscreen(gl, b)
      try run(gl, .shadowAlpha, into: alpha, rect: b, blend: false, PassInputs(src: layer) { gl, p in
        gl.uniform2f(p.uniform("u_offset"), Float(s.dx), Float(s.dy))
      })
      blurred = try blur(gl, alpha, sigma: s.sigma)
      done = keepShadow(s.cacheKey, blurred)
    }
    let c = s.color
    try run(gl, .shadow, into: parent, rect: b, blend: true, PassInputs(src: blurred, clip: s.clip ?? -1) { gl, p in
      gl.uniform4f(p.uniform("u_color"), Float(c.red), Float(c.green), Float(c.blue), Float(c.alpha))
    })
    for t in done { targets.release(t) }
  }

  mutating func backdrop(_ gl: GLCalls, _ b: Backdrop, target: Target) throws(GLRenderError) {
    let read = b.readBounds.intersection(target.bounds)
    let area = b.bounds.intersection(read)
    guard !area.isEmpty else { return }
    let original = try copy(gl, target, read)
    var filtered = try copy(gl, target, read)
    for f in b.filters { filtered = try filter(gl, f, filtered) }
    let inv = b.map.normalizedInverse
    let r = b.rect.standardized, rad = b.radii
    let v = inv.map { Float($0) }
    try run(gl, .backdrop, into: target, rect: area, blend: false, PassInputs(src: filtered, aux: original, clip: b.clip ?? -1) { gl, p in
      gl.uniform3f(p.uniform("u_inv0"), v[0], v[1], v[2])
      gl.uniform3f(p.uniform("u_inv1"), v[3], v[4], v[5])
      gl.uniform3f(p.uniform("u_inv2"), v[6], v[7], v[8])
      gl.uniform4f(p.uniform("u_shapeRect"), Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY))
      gl.uniform4f(p.uniform("u_shapeRadii"), Float(rad.topLeft), Float(rad.topRight), Float(rad.bottomLeft), Float(rad.bottomRight))
      gl.uniform1i(p.uniform("u_continuous"), rad.continuous ? 1 : 0)
    })
    release(original)
    release(filtered)
  }
}

extension BlendMode {
  /// The mode's number in `Shaders/blend.glsl` (`BlendMode.allCases` order).
  var shaderIndex: Int32 { Int32(BlendMode.allCases.firstIndex(of: self)!) }
}
