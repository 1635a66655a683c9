import Strata
import StrataGoldenScenes
import StrataRender
import Testing

@testable import StrataCPU

/// A run of draws is prepared in chunks on all cores (`PreparedRun`): the chunks must hold
/// every draw of the run once, in list order, whether a chunk starts at a draw command or
/// inside a sprite batch, and the picture must not depend on where the chunks are cut.
@Suite struct PreparedRunTests {
  static let dot = Image(width: 2, height: 2) { _, _ in (40, 40, 40, 40) }

  /// A list whose single run mixes draw commands and sprite batches across chunk
  /// boundaries: `layers` plus-lighter layers, an emitter of `particles`, `layers` more.
  static func list(layers: Int, particles: Int) -> RenderList {
    let host = Layer()
    host.frame = Rect(0, 0, 96, 96)
    func addLayers(_ n: Int, seed: Int) {
      for i in 0..<n {
        let l = Layer()
        l.bounds = Rect(0, 0, 2, 2)
        l.position = Point(x: 1.25 + Double((i * 7 + seed) % 93), y: 1.5 + Double((i * 13 + seed) % 93))
        l.contents = dot
        l.compositingFilter = .plusL
        try! host.addSublayer(l)
      }
    }
    addLayers(layers, seed: 0)
    try! host.addSublayer(stillAdditiveParticles(dot, count: Double(particles), side: 90))
    addLayers(layers, seed: 5)
    return RenderListCompiler(width: 96, height: 96, background: .clear).compile(root(96, 96, [host]).snapshot(at: 1))
  }

  static func context(_ list: RenderList) -> CPURenderer.Context {
    CPURenderer.Context(
      clips: list.clips.map { Optional(PreparedClip($0)) }, prepared: list.clips,
      canvas: PixelBounds(x0: 0, y0: 0, x1: list.width, y1: list.height))
  }

  /// What identifies a prepared draw here: its pixels and its inverse map's offsets.
  static func key(_ d: PreparedDraw) -> [Float] {
    [Float(d.bounds.x0), Float(d.bounds.y0), Float(d.bounds.x1), Float(d.bounds.y1), d.inv.2, d.inv.5]
  }

  /// Particle counts are roughly what the emitter has alive at t = 1; the tests count the
  /// sprites of its batch.
  @Test(arguments: [(1500, 2500), (1024, 1400), (3, 2800), (0, 0)])
  func chunksHoldEveryDrawOnceInOrder(layers: Int, particles: Int) throws {
    let list = Self.list(layers: layers, particles: particles)
    let commands = list.commands[...]
    // One run: nothing but draws and sprite batches.
    #expect(commands.allSatisfy { if case .draw = $0 { true } else if case .sprites = $0 { true } else { false } })
    let ctx = Self.context(list)
    var whole: [[Float]] = []
    PreparedRun.prepare(commands, from: .init(command: commands.startIndex, sprite: 0), to: nil, ctx) { whole.append(Self.key($0)) }
    // A draw command counts one, a sprite one, drawn or not (the sprites off the canvas
    // make no draw).
    let items = commands.reduce(0) { n, c in if case .sprites(let b) = c { n + b.sprites.count } else { n + 1 } }
    #expect(items == 2 * layers + particles)
    #expect(whole.count <= items && (whole.count * 2 > items || items == 0))

    let starts = PreparedRun.chunkStarts(commands)
    #expect(starts.count == max(1, (items + PreparedRun.chunkSize - 1) / PreparedRun.chunkSize))
    var chunked: [[Float]] = []
    for k in starts.indices {
      var part: [[Float]] = []
      PreparedRun.prepare(commands, from: starts[k], to: k + 1 < starts.count ? starts[k + 1] : nil, ctx) { part.append(Self.key($0)) }
      #expect(part.count <= PreparedRun.chunkSize)
      chunked += part
    }
    #expect(chunked == whole)

    // The run as the renderer prepares it, on all cores, sorted into bands.
    let bands = PreparedRun.Bands(bounds: ctx.canvas, height: 16)
    let run = PreparedRun(commands, ctx, bands: bands, ordersAdditiveRuns: false)
    let chunks = run.chunks
    #expect(chunks.flatMap { $0.draws.map(Self.key) } == whole)
    // This run is plus-lighter alone: prepared band by band when long (`PreparedRun+Order`),
    // it holds the same draws, each once.
    let banded = PreparedRun(commands, ctx, bands: bands).chunks.flatMap { $0.draws.map(Self.key) }
    let byKey: ([Float], [Float]) -> Bool = { $0.lexicographicallyPrecedes($1) }
    #expect(banded.sorted(by: byKey) == whole.sorted(by: byKey))
    if items > PreparedRun.chunkSize { #expect(banded != whole) }
    // Each band lists exactly the draws whose rows reach it, in order.
    for band in 0..<bands.count {
      let y0 = band * 16, y1 = y0 + 16
      let expected = chunks.flatMap { c in c.draws.filter { $0.bounds.y0 < y1 && $0.bounds.y1 > y0 }.map(Self.key) }
      let listed = chunks.flatMap { c in c.entries[Int(c.starts[band])..<Int(c.starts[band + 1])].map { Self.key(c.draws[Int($0)]) } }
      #expect(listed == expected, "band \(band)")
    }
  }

  /// The picture of a run cut into several chunks equals the same draws drawn one list
  /// per draw, in order (plus-lighter sums do not depend on grouping; a lost or repeated
  /// draw changes the sum).
  @Test func chunkedRunDrawsWhatSeparateDrawsDo() throws {
    let list = Self.list(layers: 700, particles: 900)
    #expect(PreparedRun.chunkStarts(list.commands[...]).count == 3)
    let renderer = CPURenderer()
    let together = try renderer.render(list)
    var target = PixelBuffer(width: list.width, height: list.height)
    var single = list
    // The first command alone onto the background, then each next one onto the result.
    single.commands = [list.commands[0]]
    try renderer.render(single, into: &target)
    for c in list.commands.dropFirst() {
      var next = list
      next.commands = [c]
      next.background = .clear
      var layer = PixelBuffer(width: list.width, height: list.height)
      try renderer.render(next, into: &layer)
      // A single plus-lighter command onto clear is its rounded levels: add them saturating.
      for i in target.pixels.indices { target.pixels[i] = UInt8(min(255, Int(target.pixels[i]) + Int(layer.pixels[i]))) }
    }
    #expect(together.pixels == target.pixels)
    #expect(together.pixels.contains { $0 != 0 })
  }
}
