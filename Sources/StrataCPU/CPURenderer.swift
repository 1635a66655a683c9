import Dispatch
import Strata
import StrataRender

/// The software renderer: draws a `RenderList` into premultiplied RGBA8 pixels.
///
/// Runs of plain draws are rendered in bands of rows, in parallel on all cores; each band
/// replays the draws that touch it in list order (a long run of plus-lighter draws alone,
/// whose sum is the same in any order, band by band: `PreparedRun+Order`), so the result
/// does not depend on the number of threads. Offscreen groups are rendered into their own surfaces (the same
/// way), filtered, masked and composited in list order; all of them together stay within
/// `limits` (a list that would need more is refused before drawing).
public struct CPURenderer: Sendable {
  /// Rows per band: small enough to balance two cores on a 1080-row frame, large enough
  /// that per-band setup stays negligible.
  public var bandHeight = 16
  /// Whether a run of more than `PreparedRun.chunkSize` plus-lighter draws alone is
  /// prepared band by band instead of in list order (`PreparedRun+Order`): the same
  /// pixels, fetched from memory in the order the bands read them. Off only to compare.
  var ordersAdditiveRuns = true
  /// Where `shouldRasterize` bitmaps are kept between frames.
  public var rasterCache = RasterCache.shared
  /// Where group shadows are kept between frames.
  public var shadowCache = ShadowCache.shared
  /// The offscreen memory a frame may use (the same budget as the GPU renderer's).
  public var limits = RenderLimits()

  public init() {}

  /// Renders `list` into a new buffer of its size.
  ///
  /// Throws `.limitExceeded` when its offscreen groups would need more memory at once
  /// than `limits` allows.
  public func render(_ list: RenderList) throws(RenderError) -> PixelBuffer {
    var target = PixelBuffer(width: list.width, height: list.height)
    try render(list, into: &target)
    return target
  }

  /// Draws a compiled list into `target`, overwriting it with the list's background first.
  ///
  /// `target` must have the list's size. Throws `.limitExceeded`, before drawing anything,
  /// when the list's offscreen groups would need more memory at once than `limits` allows
  /// (`RenderLimits.check`).
  public func render(_ list: RenderList, into target: inout PixelBuffer) throws(RenderError) {
    precondition(target.width == list.width && target.height == list.height, "target size differs from the list's")
    try limits.check(list)
    let clips = list.clips.map { Optional(PreparedClip($0)) }
    let bg = list.background.bytes
    let v = SIMD4<UInt8>(bg.0, bg.1, bg.2, bg.3)
    // The canvas surface is used only inside this closure (rendering is synchronous).
    unsafe Surface.withCanvas(&target.pixels, width: list.width, height: list.height) { canvas in
      parallelRows(canvas.bounds) { y in
        // Each worker fills its own rows.
        unsafe canvas.withRow(y) { row in row.update(repeating: v) }
      }
      let context = Context(clips: clips, prepared: list.clips, canvas: canvas.bounds)
      render(list.commands[...], into: canvas, context)
    }
  }

  struct Context {
    let clips: [PreparedClip?]
    let prepared: [ClipShape]
    let canvas: PixelBounds
  }

  /// Renders a run of commands (at one nesting level) into `surface`.
  func render(_ commands: ArraySlice<RenderCommand>, into surface: Surface, _ ctx: Context) {
    // Where the current run of draws and sprite batches began.
    var runStart = commands.startIndex
    var i = commands.startIndex
    while i < commands.endIndex {
      switch commands[i] {
      case .draw, .sprites:
        i += 1
      case .beginGroup(let g):
        fill(commands[runStart..<i], into: surface, ctx)
        let end = CommandNesting.matchingEnd(commands, from: i)
        renderGroup(g, commands[(i + 1)..<end], into: surface, ctx)
        i = end + 1
        runStart = i
      case .backdrop(let b):
        fill(commands[runStart..<i], into: surface, ctx)
        Effects.backdrop(b, surface: surface, clips: ctx.clips)
        i += 1
        runStart = i
      case .beginMask, .endMask, .endGroup:
        // Unbalanced markers are ignored (the compiler never emits them).
        fill(commands[runStart..<i], into: surface, ctx)
        i += 1
        runStart = i
      }
    }
    fill(commands[runStart..<i], into: surface, ctx)
  }

  func renderGroup(_ g: Group, _ inner: ArraySlice<RenderCommand>, into parent: Surface, _ ctx: Context) {
    let bounds = g.bounds.intersection(parent.bounds)
    guard !bounds.isEmpty else { return }
    let (content, maskCommands) = CommandNesting.parts(of: inner)
    let layer: OffscreenSurface
    if let key = g.rasterizationKey, let cached = rasterCache.surface(key, bounds: bounds) {
      layer = cached
    } else {
      layer = OffscreenSurface(bounds: bounds)
      render(content, into: layer.surface, ctx)
      if let maskCommands {
        let mask = OffscreenSurface(bounds: bounds)
        render(maskCommands, into: mask.surface, ctx)
        Effects.applyMask(layer.surface, mask.surface, mode: g.maskMode)
      }
      for f in g.filters {
        Effects.filter(f, layer.surface)
      }
      if let key = g.rasterizationKey { rasterCache.store(key, layer) }
    }
    if let s = g.shadow {
      Effects.shadow(s, from: layer.surface, into: parent, clips: ctx.clips, cache: shadowCache)
    }
    Effects.composite(layer.surface, into: parent, opacity: Float(g.opacity), mode: g.blendMode, clip: g.clip, clips: ctx.clips)
  }

  /// Draws a run of draws and sprite batches into `surface`: prepared and sorted into
  /// bands of rows on all cores (`PreparedRun`), then drawn band by band in parallel; each
  /// band's worker draws every draw that touches the band, in order, on the band's rows.
  func fill(_ commands: ArraySlice<RenderCommand>, into surface: Surface, _ ctx: Context) {
    let bands = PreparedRun.Bands(bounds: surface.bounds, height: max(1, bandHeight))
    guard !commands.isEmpty, bands.count > 0 else { return }
    let run = PreparedRun(commands, ctx, bands: bands, ordersAdditiveRuns: ordersAdditiveRuns)
    fill(run.chunks, bands, into: surface)
    run.release()
  }

  private func fill(_ chunks: [PreparedRun.Chunk], _ bands: PreparedRun.Bands, into surface: Surface) {
    guard chunks.contains(where: { !$0.entries.isEmpty }) else { return }
    let b = bands.bounds
    DispatchQueue.concurrentPerform(iterations: bands.count) { band in
      let r = Rasterizer(surface: surface)
      let y0 = b.y0 + band * bands.height, y1 = min(b.y1, y0 + bands.height)
      for c in chunks {
        for e in c.entries[Int(c.starts[band])..<Int(c.starts[band + 1])] {
          // A reference: one count, not the draw copied (hundreds of bytes, several arrays).
          let d = c.draws[Int(e)]
          r.fill(d, rows: max(y0, d.bounds.y0)..<min(y1, d.bounds.y1))
        }
      }
    }
  }
}

/// Runs `body` for every row of `bounds`, in parallel chunks.
func parallelRows(_ bounds: PixelBounds, _ body: @Sendable (Int) -> Void) {
  let rows = bounds.y1 - bounds.y0
  guard rows > 0 else { return }
  let chunk = 16
  DispatchQueue.concurrentPerform(iterations: (rows + chunk - 1) / chunk) { c in
    let y0 = bounds.y0 + c * chunk
    for y in y0..<min(bounds.y1, y0 + chunk) { body(y) }
  }
}
