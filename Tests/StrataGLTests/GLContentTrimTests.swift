import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import Testing

@testable import StrataGL

/// Atlas images drawn over their content only (`GLRenderer.State.trimmed`): the quad is cut
/// to the texels that are not zero, grown by half a texel for bilinear filtering, and the
/// pixels left out are exactly those that would have added nothing.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLContentTrimTests {
  /// The unit square over a 32-texel image whose content is columns 2..<31, rows 1..<30.
  static let box = Image.TexelBox(x0: 2, y0: 1, x1: 31, y1: 30)

  static func near(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) < 1e-12 && abs(a.minY - b.minY) < 1e-12 && abs(a.maxX - b.maxX) < 1e-12 && abs(a.maxY - b.maxY) < 1e-12
  }

  @Test func theCutIsTheBoxGrownByHalfATexelForBilinear() {
    let unit = Rect(0, 0, 1, 1)
    let m = InstanceData.TexelMap(a: 32, b: 0, c: 0, d: 32, tx: 0, ty: 0)
    let linear = GLRenderer.State.trimmed(unit, m, to: Self.box, linear: true)
    #expect(Self.near(linear, Rect(1.5 / 32, 0.5 / 32, 30 / 32, 30 / 32)), "\(linear)")
    let nearest = GLRenderer.State.trimmed(unit, m, to: Self.box, linear: false)
    #expect(Self.near(nearest, Rect(2 / 32, 1 / 32, 29 / 32, 29 / 32)), "\(nearest)")
    // Mirrored (u = 32 − 32x): texel columns 2..<31 lie at x in (1/32, 30/32].
    let flipped = InstanceData.TexelMap(a: -32, b: 0, c: 0, d: 32, tx: 32, ty: 0)
    let f = GLRenderer.State.trimmed(unit, flipped, to: Self.box, linear: false)
    #expect(Self.near(f, Rect(1 / 32, 1 / 32, 29 / 32, 29 / 32)), "\(f)")
    // A turned map, or a box the rectangle does not reach, leaves the rectangle as it is.
    let turned = InstanceData.TexelMap(a: 30, b: 5, c: -5, d: 30, tx: 0, ty: 0)
    #expect(GLRenderer.State.trimmed(unit, turned, to: Self.box, linear: true) == unit)
    let far = InstanceData.TexelMap(a: 32, b: 0, c: 0, d: 32, tx: 100, ty: 0)
    #expect(GLRenderer.State.trimmed(unit, far, to: Self.box, linear: true) == unit)
  }

  /// Images with empty borders and bright content up to the box's edge, at fractional
  /// positions, magnified, mirrored, bilinear and nearest, source-over and plus-lighter:
  /// as the CPU draws them (which cuts nothing). A cut through content would lose a column
  /// of up to half the edge texels' brightness.
  @Test(arguments: [false, true])
  func imagesWithEmptyBordersMatchTheCPU(_ plusLighter: Bool) throws {
    let img = Image(width: 12, height: 10) { x, y in
      (3...8).contains(x) && (2...7).contains(y) ? (255, UInt8(40 * (x - 2)), UInt8(30 * y), 255) : (0, 0, 0, 0)
    }
    #expect(img.contentBox == Image.TexelBox(x0: 3, y0: 2, x1: 9, y1: 8))
    var layers: [Layer] = []
    for i in 0..<32 {
      let scale = [1.0, 1.7, 0.6, 2.5][i % 4]
      layers.append(layer(Rect(Double(i % 8) * 24 + Double(i) * 0.13, Double(i / 8) * 24 + Double(i) * 0.29, 12 * scale, 10 * scale)) { l in
        l.contents = img
        if i % 3 == 1 { l.transform = .scale(-1, 1, 1) }
        if i % 5 == 2 { l.magnificationFilter = .nearest; l.minificationFilter = .nearest }
        if plusLighter { l.compositingFilter = .plusL }
      })
    }
    let list = RenderListCompiler(width: 200, height: 100, background: Color(0.1, 0.1, 0.2)).compile(root(200, 100, layers).snapshot())
    let gl = try GLRenderer()
    let d = Difference(try gl.render(list), try CPURenderer().render(list))
    print("trimmed atlas images (plus-lighter \(plusLighter)) vs CPU: \(d)")
    #expect(gl.atlasUploads == 1, "drawn from the atlas, where the cut is made")
    #expect(d.largest <= 2, "\(d)")
  }
}
