import Foundation
import StrataPNG
import Testing

/// The shapes, loading, replicator, particle, 3D, map and text examples (issues 11 to 13): they render on both backends within the
/// cross-backend tier, the committed picture is what the scene draws, and pixels that
/// follow from Core Animation's semantics are where the scene says.
@Suite(.scratch) struct KindExampleTests {
  static let shapes = repoRoot.appendingPathComponent("Examples/shapes.json").path
  static let loading = repoRoot.appendingPathComponent("Examples/loading.json").path

  @Test func shapesMatchTheCommittedPicture() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("shapes.png").path
    let (code, c) = strata("render", Self.shapes, "-o", out, "--time", "1.5", "--backend", "cpu")
    #expect(code == .success, "\(c.stderr)")
    let got = try PNG.read(path: out), want = try PNG.read(path: repoRoot.appendingPathComponent("Examples/shapes.png").path)
    #expect(got.width == want.width && got.height == want.height)
    let diff = zip(got.pixels, want.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(diff <= 1, "the shapes example differs from Examples/shapes.png by up to \(diff)")
  }

  /// Probes worked out from the scene file, not read from a render.
  @Test func shapesProbes() throws {
    let dir = try scratchDirectory()
    let out = dir.appendingPathComponent("shapes.png").path
    #expect(strata("render", Self.shapes, "-o", out, "--time", "1.5", "--backend", "cpu").0 == .success)
    let image = try PNG.read(path: out)
    let background: (UInt8, UInt8, UInt8, UInt8) = (0xF2, 0xF2, 0xF7, 0xFF)
    // The progress ring (centre (120, 70), radius 44, 12 wide) is turned -90°, so its
    // stroke starts at 12 o'clock and runs clockwise to strokeEnd 0.72 (259°): green at 3
    // and 6 o'clock, the grey track at 10 o'clock (300°).
    let green: (UInt8, UInt8, UInt8, UInt8) = (0x34, 0xC7, 0x59, 0xFF)
    let track: (UInt8, UInt8, UInt8, UInt8) = (0xE5, 0xE5, 0xEA, 0xFF)
    func ring(_ degrees: Double) -> (Int, Int) {
      let a = degrees * .pi / 180
      return (Int((120 + 44 * sin(a)).rounded()), Int((70 - 44 * cos(a)).rounded()))
    }
    for d in [90.0, 180.0] { #expect(image[ring(d).0, ring(d).1] == green, "ring at \(d)°") }
    #expect(image[ring(300).0, ring(300).1] == track)
    #expect(image[120, 70] == background)  // no fill
    // The even-odd star: its centre (the inner pentagon, covered twice) is a hole; an arm
    // is filled yellow (#FFD60A).
    #expect(image[600, 74] == background)
    #expect(image[600, 32] == (0xFF, 0xD6, 0x0A, 0xFF))
    // The gradient card's rounded corner (radius 18) leaves the corner pixel empty; the
    // card's top-left runs from #FF375F towards #BF5AF2 along the diagonal.
    #expect(image[260, 160] == background)
    let nearStart = image[262 + 18, 162]
    #expect(nearStart.0 > 200 && nearStart.2 < 160, "\(nearStart)")
    // The heart mask: the photo shows inside the heart (at its centre) and not at the
    // layer's top corners, outside the heart's lobes.
    #expect(image[360, 350] != background)
    #expect(image[272, 292] == background && image[448, 292] == background)
    // shadowPath: below the card (shadowOffset +8 down), the shadow darkens the background;
    // far to its left it does not.
    let below = image[600, 400]
    #expect(below.0 < background.0 - 10, "\(below)")
    #expect(image[490, 350] == background)  // beyond 3σ (σ = 7) of the card's left edge
  }

  @Test(arguments: [("shapes", 0.0), ("shapes", 0.5), ("shapes", 1.5), ("loading", 0.35), ("loading", 1.1), ("replicator", 0.35), ("replicator", 1.9), ("particles", 1.0), ("particles", 4.0), ("cube", 0.6), ("cube", 2.7), ("planes", 1.4), ("planes", 4.2), ("map", 0.0), ("map", 1.7), ("map", 3.2), ("text", 0.3), ("text", 1.2)])
  func examplesAgreeAcrossBackends(name: String, time: Double) throws {
    let scene = repoRoot.appendingPathComponent("Examples/\(name).json").path
    let (code, c) = strata("parity", scene, "--time", String(time))
    #expect(code == .success, "\(c.stdout)\(c.stderr)")
  }
}
