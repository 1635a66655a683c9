import Strata
import StrataCompare
import StrataCPU
import StrataGL
import StrataGoldenScenes
import StrataRender
import Testing

/// Hundreds of overlapping additive particles at fractional positions, soft and faint, so
/// that most of them land near a half level: each backend rounds every draw to a whole
/// level (README "Rendering semantics"), and the two still agree under the cross-backend
/// tolerance (issue 12), though a particle's filtered value can fall on either side of a
/// half on the two.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct GLAdditiveAgreementTests {
  /// A soft round 16 × 16 sprite: alpha from 255 in the middle to 0 at the rim.
  static let soft = Image(width: 16, height: 16) { x, y in
    let dx = Double(x) + 0.5 - 8, dy = Double(y) + 0.5 - 8
    let a = UInt8((255 * min(max(1 - (dx * dx + dy * dy).squareRoot() / 8, 0), 1)).rounded())
    return (a, a, a, a)
  }

  /// `count` particles born over one second somewhere in a 12 × 12 square, still, each
  /// tinted `alpha` (so each adds up to 255 · alpha levels).
  static func list(count: Double, alpha: Double) -> RenderList {
    let e = stillAdditiveParticles(soft, count: count, side: 12, color: Color(1, 0.6, 0.3, alpha))
    return RenderListCompiler(width: 64, height: 64, scale: 1, background: .clear).compile(root(64, 64, [e]).snapshot(at: 1))
  }

  @Test(arguments: [(400.0, 0.004), (400.0, 0.0025), (300.0, 0.006)])
  func hundredsOfOverlappingParticlesAgree(_ count: Double, _ alpha: Double) throws {
    let list = Self.list(count: count, alpha: alpha)
    let cpu = try CPURenderer().render(list), gpu = try GPU.renderer().render(list)
    var worst = 0, differing = 0, brightest = 0
    for i in stride(from: 0, to: cpu.pixels.count, by: 4) {
      let d = (0..<4).map { abs(Int(cpu.pixels[i + $0]) - Int(gpu.pixels[i + $0])) }.max()!
      worst = max(worst, d)
      if d > 0 { differing += 1 }
      brightest = max(brightest, Int(cpu.pixels[i + 3]))
    }
    print("additive agreement \(count) × \(alpha): brightest alpha \(brightest), \(differing) pixels differ, largest \(worst)")
    // The scene overlaps hundreds: the middle sums many particles' levels, unsaturated.
    #expect(brightest > 30 && brightest < 255)
    let result = ImageComparator.compare(expected: cpu.image, actual: gpu.image, tolerance: .cross)
    #expect(result.passed, "\(result)")
  }
}
