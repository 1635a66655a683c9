import CEGL
import Foundation
import Strata
import StrataRender

extension GLRenderer {
  /// Everything the renderer keeps between frames; only touched under the renderer's lock
  /// with the context current.
  struct State: ~Copyable {
    let context: GLContext
    let garbage = GLGarbage()
    var textures: TextureStore
    /// Compiled programs by their variant's defines, built when first needed: variants of
    /// one source (every full, non-SIMPLE one) share a program.
    var programs: [[String]: ShaderProgram] = [:]
    /// The passes of `Shaders/effect.frag`, one program per mode (GLRenderer+Effects).
    var effectPrograms: [Mode: ShaderProgram] = [:]
    /// Where programs are loaded from and stored to between runs; nil: no cache.
    let programCache: ProgramCacheBinding?
    var canvasTarget: GLTarget?
    let targets: GLTargetPool
    var instanceBuffer: GLName?
    var vertexArray: GLName?
    var clipTexture: GLTexture?
    var blankTexture: GLTexture?
    /// The gradient and polygon tables (GLRenderer+Kinds), grown as needed.
    var gradientTable: GLTexture?
    var polygonTable: GLTexture?
    /// Where the rows of the clip, gradient and polygon tables lie in their textures.
    /// The side the table textures may have: the renderer's texture limit (lowered in tests).
    let tableLimit: Int
    var clipLayout = TableLayout.single
    var gradientLayout = TableLayout.single
    var polygonLayout = TableLayout.single
    /// Where coverage masks are, by `DeviceMask.contentID`, kept between frames so that a
    /// mask that only moved (a layer moved by whole pixels) is not uploaded again.
    var maskAtlas: MaskAtlas
    /// The texture of each atlas page, with the page's generation.
    var maskPages: [(generation: Int, texture: GLTexture)?] = []
    /// Textures of pages the atlas dropped, for its next new pages (GLRenderer+Kinds).
    var spareMaskPages: [GLTexture] = []
    /// Masks uploaded so far.
    var maskUploads = 0
    /// Whether masks are drawn as their runs (`Options.tilesMasks`).
    let tilesMasks: Bool
    /// Where small images are (GLRenderer+ImageAtlas): placed as masks are, by image id,
    /// the byte limit counted in texels.
    var imageAtlas: MaskAtlas
    var imageAtlasPages: [(generation: Int, texture: GLTexture)?] = []
    /// Images uploaded into the atlas so far.
    var atlasUploads = 0
    /// The image the atlas was last asked for this frame and its place: sprites share one
    /// image, which was looked up in the atlas's table 20000 times a frame (6% of their
    /// instances' instructions). Kept for the frame only; a page this frame uses is never
    /// emptied during it.
    var lastAtlasImage: (id: UInt64, page: GLTexture, x: Int, y: Int, box: Image.TexelBox?)?
    /// Atlas images' `contentBox`, by image id: made once (20000 distinct sprites a frame
    /// would test every texel of each every frame).
    var atlasContentBoxes: [UInt64: Image.TexelBox?] = [:]
    var timings = Timings()
    var counts = FrameCounts()
    /// Bitmaps of `shouldRasterize` groups and blurred group shadows (GLRenderer+Caches).
    var rasterized = LRUCache<BitmapCacheKey, GLTarget>(limits: keptTargetLimits)
    var shadows = LRUCache<BitmapCacheKey, GLTarget>(limits: keptTargetLimits)

    init(context: GLContext, budget: Int, tableLimit: Int, programCache: ProgramCacheBinding?, tilesMasks: Bool) {
      self.context = context
      self.tilesMasks = tilesMasks
      self.programCache = programCache
      self.tableLimit = tableLimit
      self.textures = TextureStore(budgetBytes: budget, garbage: garbage)
      self.targets = GLTargetPool(garbage: garbage, bgra: context.info.bgraTargets)
      self.maskAtlas = MaskAtlas(pageSize: min(Self.maskPageSize, context.info.maxTextureSize), byteLimit: Self.maskAtlasBytes)
      self.imageAtlas = MaskAtlas(
        pageSize: min(Self.imageAtlasPageSize, context.info.maxTextureSize), byteLimit: Self.imageAtlasBytes / 4)
    }

    mutating func installDebugLog() throws {
      guard context.info.debugOutput else { return }
      try context.withCurrent { gl in
        gl.enable(GLenum(GL_DEBUG_OUTPUT_KHR))
        gl.logDebugMessages()
      }
    }

    mutating func draw(_ list: RenderList, into target: inout PixelBuffer, textureLimit: Int) throws(GLRenderError) {
      let ctx = context
      do {
        try ctx.withCurrent { gl in try self.frame(gl, list, &target, textureLimit) }
      } catch let e as GLRenderError {
        throw e
      } catch {
        throw .glError("\(error)")
      }
    }

    private mutating func frame(_ gl: GLCalls, _ list: RenderList, _ target: inout PixelBuffer, _ limit: Int) throws(GLRenderError) {
      let clock = ContinuousClock()
      let start = clock.now
      garbage.collect(gl)
      counts = FrameCounts()
      textures.beginFrame()
      maskAtlas.beginFrame()
      imageAtlas.beginFrame()
      lastAtlasImage = nil
      if canvasTarget?.width != list.width || canvasTarget?.height != list.height {
        canvasTarget = nil
        canvasTarget = try GLTarget(gl, width: list.width, height: list.height, bgra: context.info.bgraTargets, garbage: garbage)
      }
      if instanceBuffer == nil { instanceBuffer = GLName(gl, .buffer, garbage: garbage) }
      if vertexArray == nil { vertexArray = GLName(gl, .vertexArray, garbage: garbage) }
      if blankTexture == nil {
        let t = GLTexture(gl, width: 1, height: 1, levels: 1, garbage: garbage)
        gl.bindTexture(GLenum(GL_TEXTURE_2D), t.id)
        gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), 1, 1)
        blankTexture = t
      }
      try uploadClips(gl, list.clips)
      gl.disable(GLenum(GL_SCISSOR_TEST))
      gl.disable(GLenum(GL_DEPTH_TEST))
      gl.disable(GLenum(GL_CULL_FACE))

      let canvas = PixelBounds(x0: 0, y0: 0, x1: list.width, y1: list.height)
      let surface = Target(gl: canvasTarget!, bounds: canvas)
      bind(gl, surface)
      let bg = list.background
      gl.clearColor(Float(bg.red), Float(bg.green), Float(bg.blue), Float(bg.alpha))
      gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
      var pass = Pass(list: list, limit: limit, canvas: canvas)
      try render(gl, list.commands[...], into: surface, &pass)

      let submitted = clock.now
      gl.finish()
      let drawn = clock.now
      bind(gl, surface)
      gl.pixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
      if canvasTarget!.isBGRA && context.info.readsBGRA {
        gl.readBGRAPixelsAsRGBA(x: 0, y: 0, width: list.width, height: list.height, into: &target.pixels)
      } else {
        gl.readPixels(
          x: 0, y: 0, width: list.width, height: list.height, format: GL_RGBA, type: GL_UNSIGNED_BYTE, into: &target.pixels)
      }
      timings = Timings(render: drawn - start, readback: clock.now - drawn, submit: submitted - start)
      targets.trim()
      try check(gl)
    }

    /// A render target and the device pixels it covers.
    struct Target {
      let gl: GLTarget
      let bounds: PixelBounds
    }

    /// What the passes of one frame share.
    struct Pass {
      let list: RenderList
      let limit: Int
      let canvas: PixelBounds
    }

    func bind(_ gl: GLCalls, _ t: Target) {
      gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), t.gl.framebuffer)
      gl.viewport(0, 0, GLsizei(t.bounds.x1 - t.bounds.x0), GLsizei(t.bounds.y1 - t.bounds.y0))
    }

    /// Renders one nesting level of commands into `target`, in order.
    mutating func render(_ gl: GLCalls, _ commands: ArraySlice<RenderCommand>, into target: Target, _ pass: inout Pass) throws(GLRenderError) {
      var data = InstanceData(canvas: pass.canvas)
      data.reserve(forRunAt: commands.startIndex, of: commands)
      let splitter = ImageDrawSplitter(limit: pass.limit, canvas: pass.canvas)
      var i = commands.startIndex
      while i < commands.endIndex {
        switch commands[i] {
        case .draw(let d):
          append(gl, d, to: &data, splitter, pass)
          i += 1
        case .sprites(let b):
          // One instance per sprite; runs of one image draw as one instanced call.
          b.forEachDraw(canvas: pass.canvas, clips: pass.list.clips) { append(gl, $0, to: &data, splitter, pass) }
          i += 1
        case .beginGroup(let g):
          try drawInstances(gl, data, into: target)
          data = InstanceData(canvas: pass.canvas)
          let end = CommandNesting.matchingEnd(commands, from: i)
          try renderGroup(gl, g, commands[(i + 1)..<end], into: target, &pass)
          i = end + 1
          data.reserve(forRunAt: i, of: commands)
        case .backdrop(let b):
          try drawInstances(gl, data, into: target)
          data = InstanceData(canvas: pass.canvas)
          try backdrop(gl, b, target: target)
          i += 1
          data.reserve(forRunAt: i, of: commands)
        case .beginMask, .endMask, .endGroup:
          i += 1
        }
      }
      try drawInstances(gl, data, into: target)
    }

    /// Adds a draw's instances: one, or one per tile of a large image.
    mutating func append(_ gl: GLCalls, _ d: Draw, to data: inout InstanceData, _ splitter: ImageDrawSplitter, _ pass: Pass) {
      let clip = d.clip.flatMap { c in Self.firstCoverageClip(c, pass.list.clips) }
      var mask: (slot: MaskAtlas.Slot, page: GLTexture)? = nil
      if case .mask(let m) = d.shape { mask = maskSlot(gl, m) }
      let texel = mask.map { (x: $0.slot.x, y: $0.slot.y) } ?? (0, 0)
      switch d.paint {
      case .solid, .gradient:
        if let mask {
          data.appendMask(d, clip: clip, slot: mask.slot, page: mask.page)
        } else {
          data.append(d, rect: d.rect, softEdges: d.edgeAntialiasing, clip: clip, texture: nil, texelMap: nil, paint: nil)
        }
      case .image(let p):
        func appendPiece(_ piece: ImageDrawSplitter.Piece) {
          if mask == nil, let a = atlasPiece(gl, d, piece, p, clip: clip) {
            data.append(d, rect: a.rect, softEdges: piece.softEdges, clip: clip, texture: a.page, texelMap: a.texelMap, paint: p)
            assert(data.batches.last!.variant.simple, "an atlas image is drawn by the SIMPLE build only")
            return
          }
          let tex = textures.texture(gl, key: piece.key, image: piece.image, tiling: piece.tiling)
          data.append(
            d, rect: piece.rect, softEdges: piece.softEdges, clip: clip, texture: tex, texelMap: piece.texelMap, paint: p,
            mask: mask?.page, maskTexel: texel)
        }
        if let whole = splitter.wholePiece(d, p) {
          appendPiece(whole)
        } else {
          for piece in splitter.pieces(d, p) { appendPiece(piece) }
        }
      }
    }

    /// Draws the collected instances into `target`, batch by batch; consecutive batches of
    /// one blend function share their state.
    mutating func drawInstances(_ gl: GLCalls, _ data: InstanceData, into target: Target) throws(GLRenderError) {
      guard data.count > 0 else { return }
      counts.maskPixels += data.maskPixels
      try bindTables(gl, data.tables)
      gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer!.id)
      gl.bufferData(GL_ARRAY_BUFFER, data.floats, GL_STREAM_DRAW)
      let batches = data.batches
      var i = 0
      while i < batches.count {
        let additive = batches[i].variant.additive
        var j = i + 1
        while j < batches.count && batches[j].variant.additive == additive { j += 1 }
        try drawBatches(gl, batches[i..<j], additive: additive, into: target)
        i = j
      }
    }

    /// Draws `batches` (instances already in the instance buffer, tables bound) into
    /// `target`, blended source-over, or added (`additive`: each source a whole level,
    /// `additiveLevels` in draw.frag, saturated by the 8-bit target).
    mutating func drawBatches(
      _ gl: GLCalls, _ batches: ArraySlice<InstanceData.Batch>, additive: Bool, into target: Target
    ) throws(GLRenderError) {
      bind(gl, target)
      gl.enable(GLenum(GL_BLEND))
      gl.blendFunc(GLenum(GL_ONE), GLenum(additive ? GL_ONE : GL_ONE_MINUS_SRC_ALPHA))
      let w = Float(target.bounds.x1 - target.bounds.x0), h = Float(target.bounds.y1 - target.bounds.y0)
      var current: ShaderProgram? = nil
      gl.activeTexture(GLenum(GL_TEXTURE1))
      gl.bindTexture(GLenum(GL_TEXTURE_2D), clipTexture!.id)
      gl.activeTexture(GLenum(GL_TEXTURE0))
      gl.bindVertexArray(vertexArray!.id)
      gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer!.id)
      let stride = InstanceData.floatsPerInstance * 4
      for i in 0..<InstanceData.vec4sPerInstance {
        gl.enableVertexAttribArray(GLuint(i))
        gl.vertexAttribDivisor(GLuint(i), 1)
      }
      for batch in batches {
        let tex = batch.texture ?? blankTexture!
        let program = try self.program(gl, batch.variant)
        if current !== program {
          gl.useProgram(program.id)
          gl.uniform2f(program.uniform("u_viewport"), w, h)
          gl.uniform2f(program.uniform("u_origin"), Float(target.bounds.x0), Float(target.bounds.y0))
          gl.uniform1i(program.uniform("u_texture"), DrawUnit.texture.rawValue)
          gl.uniform1i(program.uniform("u_clips"), DrawUnit.clips.rawValue)
          gl.uniform1i(program.uniform("u_mask"), DrawUnit.mask.rawValue)
          gl.uniform1i(program.uniform("u_gradients"), DrawUnit.gradients.rawValue)
          gl.uniform1i(program.uniform("u_polygons"), DrawUnit.polygons.rawValue)
          for (name, layout) in [("u_clipsLayout", clipLayout), ("u_gradientsLayout", gradientLayout), ("u_polygonsLayout", polygonLayout)] {
            gl.uniform2f(program.uniform(name), layout.uniform.0, layout.uniform.1)
          }
          current = program
        }
        gl.activeTexture(GLenum(GL_TEXTURE0 + DrawUnit.mask.rawValue))
        gl.bindTexture(GLenum(GL_TEXTURE_2D), (batch.mask ?? blankTexture!).id)
        gl.activeTexture(GLenum(GL_TEXTURE0))
        gl.bindTexture(GLenum(GL_TEXTURE_2D), tex.id)
        if batch.variant.simple {
          let f = batch.variant.linear ? GL_LINEAR : GL_NEAREST
          gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), f)
          gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), f)
        } else {
          let levels = tex.layout.uniforms
          gl.uniform1i(program.uniform("u_levels"), GLint(tex.layout.levels.count))
          gl.uniform4fv(program.uniform("u_levelRect"), levels.rects)
          gl.uniform4fv(program.uniform("u_levelMap"), levels.maps)
        }
        // ES 3.0 has no base instance: point the attributes at the batch's first instance.
        for i in 0..<InstanceData.vec4sPerInstance {
          let offset = batch.first * stride + i * 16
          gl.vertexAttribPointer(i, size: 4, type: GL_FLOAT, normalized: false, stride: stride, offset: offset)
        }
        // A fan of the quad's corners in order (draw.vert): llvmpipe takes a four-vertex fan
        // without flat inputs as one rectangle when it is screen-aligned (GLTarget).
        gl.drawArraysInstanced(GLenum(GL_TRIANGLE_FAN), 0, 4, GLsizei(batch.count))
        counts.drawCalls += 1
        counts.instances += batch.count
      }
      gl.bindVertexArray(0)
      if additive { gl.blendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA)) }
    }

    /// The program for a variant, compiled when first needed. Keyed by the defines, not
    /// the variant: the texture filter and the blend function are state, and every full
    /// variant is one source (the showcase's two full variants compiled it twice, about
    /// 0.2 s of a cold start on llvmpipe).
    mutating func program(_ gl: GLCalls, _ v: InstanceData.Variant) throws(GLRenderError) -> ShaderProgram {
      let defines = v.defines + (v.additive && context.info.blendRoundsToNearest ? ["ADDITIVE_BIAS"] : [])
      if let p = programs[defines] { return p }
      let p = try ShaderProgram(
        gl, vertex: "draw.vert", fragment: "draw.frag", defines: defines, garbage: garbage, cache: programCache)
      programs[defines] = p
      return p
    }

    /// The first clip in the chain that needs per-pixel coverage; pixel-aligned clips have
    /// already narrowed every draw's `deviceBounds`.
    static func firstCoverageClip(_ index: Int, _ clips: [ClipShape]) -> Int? {
      var i: Int? = index
      while let c = i {
        if !clips[c].isPixelAligned { return c }
        i = clips[c].parent
      }
      return nil
    }

    /// Uploads the clips as rows of RGBA32F texels (see Shaders/clip.glsl): 5 for the
    /// rounded rectangle, then the polygon's edge count and edges, rows padded to the
    /// longest and wrapped into blocks past the texture limit (`TableLayout`).
    private mutating func uploadClips(_ gl: GLCalls, _ clips: [ClipShape]) throws(GLRenderError) {
      let width = 6 + (clips.map { $0.polygon?.points.count ?? 0 }.max() ?? 0)
      let layout = try TableLayout(rows: clips.count, width: width, limit: tableLimit)
      clipLayout = layout
      let (tw, th) = (layout.textureWidth, layout.textureHeight)
      if clipTexture == nil || clipTexture!.height < th || clipTexture!.width < tw {
        let w = min(max(tw, clipTexture?.width ?? 0, 8), tableLimit), h = min(max(th, clipTexture?.height ?? 0, 64), tableLimit)
        let t = GLTexture(gl, width: w, height: h, levels: 1, garbage: garbage)
        gl.bindTexture(GLenum(GL_TEXTURE_2D), t.id)
        gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA32F), GLsizei(w), GLsizei(h))
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        clipTexture = t
      }
      guard !clips.isEmpty else { return }
      var f: [Float] = []
      f.reserveCapacity(clips.count * width * 4)
      for c in clips {
        let inv = c.map.normalizedInverse
        let r = c.rect.standardized
        let b = c.deviceBounds
        // Pixel-aligned clips keep their device box in the rect slot.
        let rect = c.isPixelAligned ? [Double(b.x0), Double(b.y0), Double(b.x1), Double(b.y1)] : [r.minX, r.minY, r.maxX, r.maxY]
        f += ([inv[0], inv[1], inv[2], Double(c.parent ?? -1),
               inv[3], inv[4], inv[5], c.isPixelAligned ? 1 : 0,
               inv[6], inv[7], inv[8], c.radii.continuous ? 1 : 0] + rect
              + [c.radii.topLeft, c.radii.topRight, c.radii.bottomLeft, c.radii.bottomRight]).map { Float($0) }
        let edges = c.polygon?.floatEdges ?? []
        f += [Float(edges.count), 0, 0, 0]
        for e in edges { f += [e.x, e.y, e.z, e.w] }
        f += [Float](repeating: 0, count: (width - 6 - edges.count) * 4)
      }
      gl.bindTexture(GLenum(GL_TEXTURE_2D), clipTexture!.id)
      gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
      gl.texSubImage2D(
        GL_TEXTURE_2D, level: 0, x: 0, y: 0, width: tw, height: th, format: GL_RGBA, type: GL_FLOAT,
        pixels: layout.texels(f))
    }

    /// Turns a GL error or a context reset into a thrown error.
    private func check(_ gl: GLCalls) throws(GLRenderError) {
      if let status = gl.getGraphicsResetStatus?(), status != GLenum(GL_NO_ERROR) {
        throw .contextLost("the GPU reset the context (status 0x\(String(status, radix: 16)))")
      }
      let e = gl.getError()
      if e != GLenum(GL_NO_ERROR) {
        throw .glError("glGetError returned 0x\(String(e, radix: 16, uppercase: true))")
      }
    }
  }
}
