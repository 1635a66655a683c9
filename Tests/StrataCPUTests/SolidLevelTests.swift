import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// A hard-edged solid rectangle lands as an 8-bit blender puts it (README "Rendering
/// semantics"): its premultiplied colour and alpha rounded to whole levels first, then
/// `level + dst · (1 − alpha level / 255)`, rounded. The GPU draws it so (the SIMPLE build
/// gives whole levels; 8-bit blending quantises its source to them anyway); the CPU does
/// the same, so the two write the same bytes (strata-fuzz seed 105795 was a level apart,
/// four in straight alpha).
@Suite struct SolidLevelTests {
  @Test(arguments: Backend.available)
  func aTranslucentSolidOverATranslucentBackgroundAddsWholeLevels(_ backend: Backend) throws {
    // Background premultiplied (12.24, 30.98, 17.6, 38.25) -> (12, 31, 18, 38); the layer's
    // (75.65, 99.78, 105.26, 109.65) -> (76, 100, 105, 110), alpha factor 145 / 255.
    let l = layer(Rect(8, 8, 16, 16), Color(0.69, 0.91, 0.96, 0.43))
    let list = RenderListCompiler(width: 32, height: 32, scale: 1, background: Color(0.32, 0.81, 0.46, 0.15))
      .compile(root(32, 32, [l]).snapshot())
    let out = try backend.render(list)
    #expect(PrimitiveSemanticsTests.pixel(out, 2, 2) == SIMD4(12, 31, 18, 38))
    // 76 + 12 · 145/255 = 82.82, 117.63, 115.24, 131.61; rounded once instead
    // (src + dst · 0.57) it would be (82, 117, 116, 131).
    #expect(PrimitiveSemanticsTests.pixel(out, 16, 16) == SIMD4(83, 118, 115, 132), "\(PrimitiveSemanticsTests.pixel(out, 16, 16))")
  }
}
