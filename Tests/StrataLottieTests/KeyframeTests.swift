import Foundation
import Strata
import StrataLottie
import Testing

/// Keyframe evaluation through rendered pixels: the layer's opacity (a solid's alpha) and
/// position (where its edge falls) follow Lottie's rules, checked against the formulas.
@Suite struct KeyframeTests {
  /// The alpha of pixel (50, 50) for a red solid whose opacity has the keyframes `k`.
  static func alpha(opacity k: String, frame: Double) throws -> Double {
    let json = Lottie.document(layers: Lottie.solid(#""ks": {"o": {"a": 1, "k": \#(k)}}"#))
    return Double(try Lottie.render(try Lottie.load(json), frame: frame)[50, 50].3) / 255
  }

  @Test func linearKeyframesInterpolateAtFractionalFrames() throws {
    let k = #"[{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100]}]"#
    for frame in [0.0, 2.5, 6.25, 10, 15] {
      let expected = min(frame / 10, 1)
      #expect(abs(try Self.alpha(opacity: k, frame: frame) - expected) < 1.5 / 255, "frame \(frame)")
    }
  }

  /// Lottie's `o`/`i` handles are a cubic Bézier easing from (0, 0) to (1, 1): at frame 5
  /// of 0…10 with ease-in-out handles (0.42, 0)/(0.58, 1) the curve gives 0.5 (it is
  /// symmetric), and at frame 2.5 the value solved here by bisection.
  @Test func easingFollowsTheBezierHandles() throws {
    let k = #"[{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 10, "s": [100]}]"#
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
    var lo = 0.0, hi = 1.0
    for _ in 0..<60 { let m = (lo + hi) / 2; if bezier(m, 0.42, 0.58) < 0.25 { lo = m } else { hi = m } }
    let expected = bezier(lo, 0, 1)
    #expect(abs(try Self.alpha(opacity: k, frame: 5) - 0.5) < 1.5 / 255)
    #expect(abs(try Self.alpha(opacity: k, frame: 2.5) - expected) < 1.5 / 255, "expected \(expected)")
    #expect(expected < 0.2)  // an ease-in: well below the linear 0.25
  }

  @Test func holdKeyframesKeepTheirValueUntilTheNext() throws {
    let k = #"[{"t": 0, "s": [20], "h": 1}, {"t": 10, "s": [80]}]"#
    #expect(abs(try Self.alpha(opacity: k, frame: 9.9) - 0.2) < 1.5 / 255)
    #expect(abs(try Self.alpha(opacity: k, frame: 10) - 0.8) < 1.5 / 255)
  }

  /// The older format: each keyframe's end value in `e`, the last keyframe only a time.
  @Test func theOlderFormatReadsEndValues() throws {
    let k = #"[{"t": 0, "s": [0], "e": [100], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10}]"#
    #expect(abs(try Self.alpha(opacity: k, frame: 5) - 0.5) < 1.5 / 255)
    #expect(abs(try Self.alpha(opacity: k, frame: 12) - 1) < 1.5 / 255)
  }

  /// A 20 x 100 solid moved along a position keyframe with spatial tangents: its left edge
  /// at frame 5 (linear easing, parameter 0.5) is the cubic's x at 0.5,
  /// (p0 + 3 c1 + 3 c2 + p3) / 8 — not the straight-line midpoint.
  @Test func spatialTangentsBendThePositionPath() throws {
    let p = #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [40, 0], "ti": [40, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [60, 0]}]}"#
    let json = Lottie.document(layers: Lottie.solid(w: 20, #""ks": {"p": \#(p)}"#))
    let pixels = try Lottie.render(try Lottie.load(json), frame: 5)
    let expected: Double = (3.0 * 40 + 3.0 * 100 + 60) / 8  // 60: straight would be 30
    let left = (0..<100).first { pixels[$0, 50].3 > 127 }
    #expect(left.map { abs(Double($0) - expected) <= 1 } == true, "left edge \(String(describing: left)), expected \(expected)")
  }

  @Test func timesAndProgressFollowLottieIOS() throws {
    let a = try Lottie.load(Lottie.document(fr: 24, ip: 10, op: 58, layers: Lottie.solid(ip: 10, op: 58)))
    #expect(a.time(forFrame: 65.75) == (65.75 - 10) / 24)
    #expect(a.frame(forProgress: 0.25) == 10 + 0.25 * 48)
    #expect(a.duration == 2)
    #expect((a.width, a.height, a.frameRate, a.inPoint, a.outPoint) == (100, 100, 24, 10, 58))
  }
}
