#if canImport(Glibc)
  import Glibc
#endif
import Strata

/// An emitter's particles at the frame's time (`ParticleSimulation`), drawn as sprite
/// batches above the layer's border: one batch per run of particles sharing an image, in
/// the emitter's render mode.
extension EmitterLayer.Snapshot: LayerKindCompiling {
  public var placement: LayerKindPlacement { .aboveBorder }

  public func compile(into context: inout LayerKindContext) {
    guard time != nil, !cells.isEmpty else { return }
    let sim = ParticleSimulation(self)
    guard !sim.isOverLimit else {
      context.refuse(
        "emitter \(context.label) needs more than \(maximumLiveParticles) live particles at time \(time!) (its maximumLiveParticles); lower the birth rates or lifetimes, or raise the limit")
      return
    }
    // Preserving depth in a 3D context, its particles are planes of the context instead.
    guard !(preservesDepth && context.isPlaneOfRenderingContext) else { return }
    let blend = self.blend
    var run: [Sprite] = [], runCell: Int? = nil
    // Most emitters draw one run (a cell, or cells sharing an image): room for all at once.
    run.reserveCapacity(sim.particles.count)
    func flush(_ context: inout LayerKindContext) {
      guard let c = runCell, let image = sim.cells[c].contents, !run.isEmpty else { return }
      let cell = sim.cells[c]
      context.drawSprites(
        run, image: image, blendMode: blend, minificationFilter: cell.minificationFilter,
        magnificationFilter: cell.magnificationFilter)
      run = []
    }
    for i in drawingOrder(sim) {
      let particle = sim.particles[i]
      let cell = sim.cells[particle.cell]
      guard let image = cell.contents else { continue }
      // Cells sharing an image (and filters) draw in one batch.
      if let c = runCell, c != particle.cell {
        let other = sim.cells[c]
        if other.contents?.id != image.id || other.minificationFilter != cell.minificationFilter
          || other.magnificationFilter != cell.magnificationFilter
        {
          flush(&context)
        }
      }
      runCell = particle.cell
      run.append(Self.sprite(particle, cell: cell, image: image))
    }
    flush(&context)
  }

  /// With `preservesDepth`, in a 3D rendering context: every particle a plane of the
  /// context at its z ("as if they directly inhabit the three dimensional coordinate space
  /// of the layer's superlayer", CAEmitterLayer.h), sorted with the other planes.
  public func depthSprites(of layer: LayerSnapshot) -> [DepthSprite]? {
    guard preservesDepth else { return nil }
    guard time != nil, !cells.isEmpty else { return [] }
    let sim = ParticleSimulation(self)
    guard !sim.isOverLimit else { return [] }  // the layer's own compile refuses the frame
    let blend = self.blend
    return drawingOrder(sim).compactMap { i in
      let p = sim.particles[i]
      let cell = sim.cells[p.cell]
      guard let image = cell.contents else { return nil }
      return DepthSprite(
        sprite: Self.sprite(p, cell: cell, image: image), z: p.z, image: image,
        minificationFilter: cell.minificationFilter, magnificationFilter: cell.magnificationFilter, blendMode: blend)
    }
  }

  private var blend: BlendMode { renderMode == .additive ? .plusLighter : .sourceOver }

  /// The particles' indices in the render mode's order. Stable sorts: ties keep the order
  /// found (cell by cell, births in order).
  func drawingOrder(_ sim: ParticleSimulation) -> [Int] {
    var order = Array(sim.particles.indices)
    let p = sim.particles
    switch renderMode {
    case .unordered, .additive:
      order.sort { (p[$0].cell, $0) < (p[$1].cell, $1) }
    case .oldestFirst:
      order.sort { (p[$0].birth, $0) < (p[$1].birth, $1) }
    case .oldestLast:
      order.sort { (p[$0].birth, $1) > (p[$1].birth, $0) }
    case .backToFront:
      order.sort { (p[$0].z, $0) < (p[$1].z, $1) }
    }
    return order
  }

  /// The particle's quad: its image part (`contentsRect`) at `scale` times its size in
  /// points (pixels / `contentsScale`), centred on the particle and turned by its angle;
  /// tinted by its colour.
  static func sprite(_ p: Particle, cell: EmitterCell, image: Image) -> Sprite {
    let r = cell.contentsRect
    let texels = Rect(
      x: r.minX * Double(image.width), y: r.minY * Double(image.height), width: r.width * Double(image.width),
      height: r.height * Double(image.height))
    let points = max(cell.contentsScale, 1e-9)
    let w = texels.width / points * p.scale, h = texels.height / points * p.scale
    let c = cos(p.angle), s = sin(p.angle)
    // Unit square → centred w × h → turned → moved to the particle.
    let t = AffineTransform(
      a: w * c, b: w * s, c: -h * s, d: h * c,
      tx: p.position.x - 0.5 * (w * c - h * s), ty: p.position.y - 0.5 * (w * s + h * c))
    return Sprite(transform: t, texels: texels, color: p.color.premultiplied)
  }
}
