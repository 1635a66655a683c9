import Foundation
import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import Testing

/// A layer turned 60° about y under a parent with `m34 = -1/500` must map its texture
/// perspective-correctly: every pixel is checked against the analytic projection.
@Suite struct PerspectiveTests {
  @Test func checkerboardFollowsAnalyticProjection() throws {
    let theta = Double.pi / 3, d = 500.0
    let board = TestImages.checkerboard(cells: 8, cell: 10)  // 80x80
    let parent = layer(Rect(0, 0, 200, 200)) { $0.sublayerTransform = .perspective(d) }
    let child = layer(Rect(60, 60, 80, 80)) { l in
      l.contents = board
      l.magnificationFilter = .nearest
      l.minificationFilter = .nearest
      l.transform = .rotation(theta, 0, 1, 0)
    }
    try parent.addSublayer(child)
    let out = Golden.render(root(200, 200, [parent]), width: 200, height: 200, background: .black)

    var checked = 0, wrong = 0
    for py in 0..<200 {
      for px in 0..<200 {
        // Invert X = 100 + x cosθ / w, Y = 100 + y / w with w = 1 + x sinθ / d.
        let X = Double(px) + 0.5 - 100, Y = Double(py) + 0.5 - 100
        let x = X / (cos(theta) - X * sin(theta) / d)
        let w = 1 + x * sin(theta) / d
        guard w > 0 else { continue }
        let u = x + 40, v = Y * w + 40
        guard u > 0.5, u < 79.5, v > 0.5, v < 79.5 else { continue }
        // Stay a texel away from cell boundaries, where rounding may pick either side.
        let fu = u.truncatingRemainder(dividingBy: 10), fv = v.truncatingRemainder(dividingBy: 10)
        guard fu > 1, fu < 9, fv > 1, fv < 9 else { continue }
        let white = (Int(u) / 10 + Int(v) / 10) % 2 == 0
        let p = out[px, py]
        checked += 1
        if white ? p.0 != 250 : p.0 != 30 { wrong += 1 }
      }
    }
    #expect(checked > 2000)
    #expect(wrong == 0, "\(wrong) of \(checked) pixels differ from the analytic projection")
  }

  @Test func affineMappingWouldFail() throws {
    // Guards the test above: an affine (non-perspective-correct) interpolation across the
    // quad would put the middle column of cells elsewhere. The projected centre line of the
    // texture is not the midpoint of the projected edges.
    let theta = Double.pi / 3, d = 500.0
    func project(_ x: Double) -> Double { let w = 1 + x * sin(theta) / d; return x * cos(theta) / w }
    let left = project(-40), right = project(40), mid = project(0)
    #expect(abs((left + right) / 2 - mid) > 1)
  }
}
