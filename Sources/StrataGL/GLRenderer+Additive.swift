import CEGL
import StrataRender

/// Runs of plus-lighter draws (additive sprites, plus-lighter layers drawing one thing):
/// summed in a float target and added to the 8-bit target once, as the CPU's
/// `AdditiveSums`.
///
/// Blending each sprite into an RGBA8 target rounds at every sprite: 300 particles of
/// alpha 0.003 (0.765 of a level each) would each round to 1. Sources are non-negative, so
/// saturating once at the end equals saturating after every one; the float sum added with
/// (ONE, ONE) into the 8-bit target is `round(min(1, dst + Σ src))`, the CPU's result.
extension GLRenderer.State {
  /// Sums `batches` (all plus-lighter) in a `format` target covering their pixels, then
  /// adds that to `target` in one pass. Clips were applied per sprite while summing.
  mutating func drawAdditiveRun(
    _ gl: GLCalls, _ batches: ArraySlice<InstanceData.Batch>, format: AdditiveTarget, into target: Target
  ) throws(GLRenderError) {
    let bounds = batches.reduce(PixelBounds(x0: 0, y0: 0, x1: 0, y1: 0)) { $0.union($1.bounds) }.intersection(target.bounds)
    guard !bounds.isEmpty else { return }
    let sums = Target(
      gl: try targets.acquire(gl, width: bounds.x1 - bounds.x0, height: bounds.y1 - bounds.y0, format: format), bounds: bounds)
    bind(gl, sums)
    gl.clearColor(0, 0, 0, 0)
    gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
    try drawBatches(gl, batches, additive: true, into: sums)
    try run(gl, .composite, into: target, rect: bounds, blend: true, additive: true, PassInputs(src: sums))
    release(sums)
  }
}
