import Strata
import StrataRender
import StrataTesting
import Testing

/// A hard edge takes the pixels whose centres lie inside it, and a centre exactly on an
/// edge goes to the side at larger device coordinates (README, "Rendering semantics"),
/// whatever the scale and whichever way the layer's axes point. These layers put their
/// top and left edges exactly on a row and a column of centres (device 42.5 and 10.5:
/// exact in any precision) at scales whose inverse is inexact in single precision, where
/// the CPU's layer-plane test put the centre a rounding error outside (strata-fuzz seed
/// 2577: a sprite at scale 0.36), and flipped, where the two edges swap sides (the CPU
/// kept the row on the wrong side). The other edges lie far from centres. The expected
/// rows and columns follow from the rule alone. Rounded ones too (their straight edges are
/// nudged off the centres, `HardEdges.nudged`: strata-fuzz seed 116492, a rounded layer
/// whose top edge lay on the row y = 11.5, lost the row on the CPU).
@Suite struct HardEdgeRuleTests {
  /// The paints that reach different row loops: a solid background, an image, an image
  /// added with plus-lighter (the additive sums), a gradient (the per-pixel loop), and a
  /// solid and a gradient with rounded corners (the CPU's rounded solid rows and per-pixel
  /// loop, the GPU's SIMPLE ROUNDED and full builds).
  enum Paint: String, CaseIterable, Sendable { case solid, image, additive, gradient, rounded, roundedGradient }

  static let scales: [Double] = [0.36, 1.08, 1.5, 3, -0.36, -1.5]

  /// Device pixels k (of 0..<n) whose centres k + 0.5 lie in [e0, e1) or, flipped, [e1, e0).
  static func expected(_ e0: Double, _ e1: Double, _ n: Int) -> [Int] {
    let (a, b) = (min(e0, e1), max(e0, e1))
    return (0..<n).filter { Double($0) + 0.5 >= a && Double($0) + 0.5 < b }
  }

  static func layer(_ paint: Paint, scale s: Double) -> Layer {
    let l: Layer
    if paint == .gradient || paint == .roundedGradient {
      let g = GradientLayer()
      g.colors = [Color(1, 0, 0), Color(0, 0, 1)]
      l = g
    } else {
      l = Layer()
    }
    // 30.7 x 27.3 points: at these scales the far edges lie at least 0.05 px from centres.
    l.bounds = Rect(x: 0, y: 0, width: 30.7, height: 27.3)
    l.anchorPoint = .zero
    l.position = Point(x: 10.5, y: 42.5)
    l.transform = .scale(s, s)
    switch paint {
    case .solid: l.backgroundColor = Color(1, 0, 0)
    case .image, .additive:
      l.contents = Image(width: 2, height: 2, rgbaPixels: Array(repeating: SIMD4(0, 200, 0, 255), count: 4))
      if paint == .additive { l.compositingFilter = .plusL }
    case .gradient: break
    case .rounded: l.backgroundColor = Color(1, 0, 0)
    case .roundedGradient: break
    }
    // Corners of 3 points: the middle row and column the test reads stay clear of them.
    if paint == .rounded || paint == .roundedGradient { l.cornerRadius = 3 }
    return l
  }

  @Test(arguments: Backend.available, Paint.allCases)
  func edgesOnRowsAndColumnsOfCentresFollowTheRule(_ backend: Backend, _ paint: Paint) throws {
    let (w, h) = (120, 100)
    for s in Self.scales {
      let root = Layer()
      root.bounds = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
      root.anchorPoint = .zero
      try root.addSublayer(Self.layer(paint, scale: s))
      let list = RenderListCompiler(width: w, height: h, scale: 1, background: .clear).compile(root.snapshot(at: 0))
      let out = try backend.render(list)
      let wantRows = Self.expected(42.5, 42.5 + s * 27.3, h)
      let wantColumns = Self.expected(10.5, 10.5 + s * 30.7, w)
      // The rows with alpha in the middle column of the expected ones, and the columns with
      // alpha in the middle row.
      let midColumn = wantColumns[wantColumns.count / 2], midRow = wantRows[wantRows.count / 2]
      let rows = (0..<h).filter { out.pixels[($0 * w + midColumn) * 4 + 3] != 0 }
      let columns = (0..<w).filter { out.pixels[(midRow * w + $0) * 4 + 3] != 0 }
      #expect(rows == wantRows, "\(backend), \(paint), scale \(s): rows \(rows.first ?? -1)...\(rows.last ?? -1), want \(wantRows.first!)...\(wantRows.last!)")
      #expect(columns == wantColumns, "\(backend), \(paint), scale \(s): columns \(columns.first ?? -1)...\(columns.last ?? -1), want \(wantColumns.first!)...\(wantColumns.last!)")
    }
  }
}
