import Strata
import StrataGoldenScenes
import StrataRender
import Testing

@testable import StrataCPU

/// S5's row loop for perspective images (`Rasterizer.perspectiveImageRow`, eight pixels a
/// vector) must give exactly the bytes of the general per-pixel loop it replaces
/// (`generalRow`), not merely bytes within a tolerance: each draw of a scene of turned,
/// translucent, partly-behind-the-eye layers is drawn both ways onto the same patterned
/// background and compared byte for byte.
@Suite struct PerspectiveRowTests {
  static let width = 240, height = 160

  /// Layers turned about y and x under a strong perspective, some so far that part of the
  /// plane is behind the eye; translucent texels, opacity and either filter.
  static func scene(_ filter: ContentsFilter) -> RenderList {
    let image = Image(width: 37, height: 23) { x, y in
      let a = UInt8((x * 7 + y * 11) % 256)
      return (UInt8(x * 6 % 256) & a, UInt8(y * 11 % 256) & a, a / 2, a)
    }
    let parent = layer(Rect(0, 0, 240, 160)) { $0.sublayerTransform = .perspective(180) }
    let turns: [(Double, Double, Double, Double)] = [(1.2, 0, 0.8, 1), (-0.9, 0.3, 1, 0.6), (0.2, 1.3, 0.7, 1), (1.5, -0.6, 1.2, 0.85)]
    for (k, t) in turns.enumerated() {
      let l = layer(Rect(20 + Double(k) * 50, 30 + Double(k % 2) * 40, 90, 70)) { l in
        l.contents = image
        l.magnificationFilter = filter
        l.minificationFilter = filter
        l.opacity = t.3
        l.transform = Transform3D.rotation(t.0, 0, 1, 0).concatenating(.rotation(t.1, 1, 0, 0)).concatenating(.scale(t.2, t.2))
      }
      try! parent.addSublayer(l)
    }
    // Wider than twice the eye's distance: one side of it reaches behind the eye.
    let wide = layer(Rect(-100, 50, 440, 60)) { l in
      l.contents = image
      l.magnificationFilter = filter
      l.minificationFilter = filter
      l.transform = .rotation(1.3, 0, 1, 0)
    }
    try! parent.addSublayer(wide)
    return RenderListCompiler(width: width, height: height, scale: 1, background: .black).compile(
      root(Double(width), Double(height), [parent]).snapshot())
  }

  /// A background that every blend can be seen on.
  static func background() -> [UInt8] {
    (0..<(width * height)).flatMap { i -> [UInt8] in
      let v = UInt8(i * 37 % 251)
      return [v, 255 - v, v / 3, 255]
    }
  }

  @Test(arguments: [ContentsFilter.linear, .nearest])
  func eightWideRowsEqualTheGeneralLoop(_ filter: ContentsFilter) {
    let list = Self.scene(filter)
    let clips = list.clips.map { Optional(PreparedClip($0)) }
    var draws = 0, drawn = 0
    for case .draw(let draw) in list.commands {
      let d = PreparedDraw(draw, clips: clips)
      guard case .perspectiveImage(let nearest) = d.path, let t = d.texture else { continue }
      #expect(nearest == (filter == .nearest))
      draws += 1
      var fast = Self.background(), general = fast
      let rows = max(0, d.bounds.y0)..<min(Self.height, d.bounds.y1)
      unsafe Surface.withCanvas(&fast, width: Self.width, height: Self.height) { s in
        Rasterizer(surface: s).fill(d, rows: rows)
      }
      unsafe Surface.withCanvas(&general, width: Self.width, height: Self.height) { s in
        let r = Rasterizer(surface: s), levels = t.levels.span, base = levels[0].texels.span
        let x0 = max(d.bounds.x0, 0), x1 = min(d.bounds.x1, Self.width)
        for y in rows {
          let yc = Float(y) + 0.5
          guard let (xs, xe) = r.span(d.polygon, yc, x0, x1) else { continue }
          unsafe s.withRow(y) { row in
            r.generalRow(Rasterizer.Bytes.self, d, t.mapping, levels, base, row: &row, y: yc, xs: xs, xe: xe)
          }
        }
      }
      drawn += zip(general, Self.background()).filter { $0 != $1 }.count
      let same = fast == general
      #expect(same, "draw \(draws): \(zip(fast, general).filter { $0 != $1 }.count) bytes differ")
    }
    #expect(draws >= 4)
    // The draws changed a good part of the frame (the comparison is not of two untouched
    // backgrounds).
    #expect(drawn > 20_000)
  }
}
