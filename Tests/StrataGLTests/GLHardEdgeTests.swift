import Strata
import StrataCPU
import StrataGL
import StrataRender
import Testing

/// Hard (not anti-aliased) layer edges take exactly the pixels whose centres lie inside
/// the bounds (`x0 <= c < x1`, README "Rendering semantics"), on the GPU as on the CPU,
/// also when an edge lies a hair from a row of centres. The GPU snaps vertices to 1/256
/// px before it decides; before the quads were moved to the rule's pixel boundaries (or
/// grown, for the full build) such an edge took or lost the whole row on the GPU only.
/// Found by the differential fuzzer (`strata-fuzz`, seed 13: a spring settling at
/// y = 37.50001). Quads the GPU cannot move so (turned ones) are grown too and decide per
/// fragment (SIMPLE EXACT; seed 987, a centre 0.0003 px outside a turned layer's edge was
/// drawn). The SIMPLE ROUNDED build tested its hard edges on a layer point
/// interpolated from the corners the GPU snapped, and took or lost such rows (seeds 251
/// and 529, and 135 when its corners were moved); it now computes the layer point of each
/// centre as the CPU does, in a quad grown by 1/32 px. The expected rows follow from the
/// rule alone.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLHardEdgeTests {
  /// The rows of a 16x10 canvas whose centres lie in `[y0, y0 + height)` (a centre
  /// exactly on an edge goes to the side at larger device y, also for a flipped layer).
  static func expectedRows(_ y0: Double, _ height: Double) -> [Int] {
    (0..<10).filter { Double($0) + 0.5 >= y0 && Double($0) + 0.5 < y0 + height }
  }

  /// The rows column 8 has any alpha in.
  static func rows(_ b: PixelBuffer) -> [Int] { (0..<b.height).filter { b.pixels[(($0 * b.width) + 8) * 4 + 3] != 0 } }

  /// A 8x3 layer at `y0` of each paint: solid (the SIMPLE build), a gradient (the full
  /// build), an image (SIMPLE TEXTURED), a solid one flipped by a negative scale, and a
  /// solid one with rounded corners (SIMPLE ROUNDED; column 8 is clear of the corners),
  /// and a solid one and an image turned by 90° (a 3x8 layer; SIMPLE EXACT, since cos 90°
  /// is not 0 in floating point: no screen-aligned quad).
  static func layer(_ paint: Int, y0: Double) -> Layer {
    let l: Layer
    switch paint {
    case 1:
      let g = GradientLayer()
      g.colors = [Color(1, 0, 0), Color(0, 0, 1)]
      l = g
    default: l = Layer()
    }
    l.frame = Rect(x: 4, y: y0, width: 8, height: 3)
    if paint == 5 || paint == 6 {
      l.bounds = Rect(x: 0, y: 0, width: 3, height: 8)
      l.position = Point(x: 8, y: y0 + 1.5)
      l.transform = Transform3D.rotation(Double.pi / 2, 0, 0, 1)
    }
    if paint == 5 { l.backgroundColor = Color(1, 0, 0) }
    if paint == 6 { l.contents = Image(width: 2, height: 2, rgbaPixels: Array(repeating: SIMD4(0, 200, 0, 255), count: 4)) }
    if paint == 0 || paint == 3 { l.backgroundColor = Color(1, 0, 0) }
    if paint == 2 { l.contents = Image(width: 2, height: 2, rgbaPixels: Array(repeating: SIMD4(0, 200, 0, 255), count: 4)) }
    if paint == 3 { l.transform = Transform3D.scale(-1, -1, 1) }
    if paint == 4 {
      l.backgroundColor = Color(1, 0, 0)
      l.cornerRadius = 1
    }
    return l
  }

  @Test(arguments: [0, 1, 2, 3, 4, 5, 6])
  func edgesNearPixelCentresFollowTheRule(_ paint: Int) throws {
    let gl = try GPU.renderer()
    for y0 in [1.5, 1.50001, 1.49999, 1.5 + 1.0 / 1024, 1.5 - 1.0 / 1024, 2.0, 2.25] {
      let root = Layer()
      root.bounds = Rect(x: 0, y: 0, width: 16, height: 10)
      root.anchorPoint = .zero
      try root.addSublayer(Self.layer(paint, y0: y0))
      let list = RenderListCompiler(width: 16, height: 10, scale: 1, background: .clear).compile(root.snapshot(at: 0))
      let expected = Self.expectedRows(y0, 3)
      let cpuRows = Self.rows(try CPURenderer().render(list))
      #expect(cpuRows == expected, "cpu, paint \(paint), y0 \(y0): \(cpuRows)")
      let gpuRows = Self.rows(try gl.render(list))
      #expect(gpuRows == expected, "gpu, paint \(paint), y0 \(y0): \(gpuRows)")
    }
  }
}
