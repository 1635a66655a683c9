import Foundation
import Strata
import StrataRender
import Testing

@testable import StrataGL

/// The GLSL mirrors of the shared math, evaluated on the GPU on a grid of inputs and
/// compared with the Swift functions they mirror (issue 9.14): coverage, texel addressing
/// and level selection, blend modes, the projection and the analytic shadow.
///
/// Tolerance: both sides compute in single precision, but the GPU may fuse multiply-adds and
/// approximate `log2`, `pow` and `exp` within a few ulps; 1e-4 (relative above 1) is far
/// below what a formula change produces (a wrong sign, term or branch moves results by
/// 1e-2 or more) and far above float rounding. Whole-number results (texel indices, chosen
/// corners) must match exactly.
@Suite(.serialized, .enabled(if: GPU.runs, GPU.skipReason)) struct ShaderMirrorTests {
  static let tolerance: Float = 1e-4

  func run(_ bench: ShaderBench, _ inputs: [[SIMD4<Float>]], _ expressions: [String]) throws -> [[SIMD4<Float>]] {
    try GPU.renderer().withCurrentContext { gl, garbage in try bench.evaluate(gl, garbage, inputs: inputs, expressions) }
  }

  /// Compares the GPU's results with `swift` case by case; returns the largest error.
  @discardableResult
  func compare(
    _ name: String, _ gpu: [SIMD4<Float>], _ inputs: [[SIMD4<Float>]], exact: [Int] = [],
    _ swift: ([SIMD4<Float>]) -> SIMD4<Float>, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Float {
    var worst: Float = 0, failures = 0
    for (i, c) in inputs.enumerated() {
      let want = swift(c), got = gpu[i]
      for k in 0..<4 {
        let e = mirrorError(got[k], want[k])
        worst = max(worst, e)
        if exact.contains(k) ? e != 0 : !(e <= Self.tolerance) {
          failures += 1
          if failures <= 5 {
            Issue.record("\(name)[\(k)] for \(c): GPU \(got[k]), Swift \(want[k])", sourceLocation: sourceLocation)
          }
        }
      }
    }
    print("\(name): \(inputs.count) cases, largest error \(worst), \(failures) failures")
    return worst
  }

  @Test func coverage() throws {
    let rects: [SIMD4<Float>] = [SIMD4(10, 20, 110, 80), SIMD4(-3.5, 0, 40, 12.25)]
    let radii: [SIMD4<Float>] = [SIMD4(12, 0, 30, 6), SIMD4(4, 4, 4, 4)]
    let jacobians: [SIMD4<Float>] = [SIMD4(1, 0, 0, 1), SIMD4(0.7, 0.3, -0.2, 1.4), SIMD4(2.5, -0.1, 0.05, 0.2)]
    var inputs: [[SIMD4<Float>]] = []
    for (r, rad) in zip(rects, radii) {
      for j in jacobians {
        for soft: Float in [0, 15, 5] {
          for continuous: Float in [0, 1] {
            for gy in 0..<16 {
              for gx in 0..<16 {
                let p = SIMD2(r.x - 4 + (r.z - r.x + 8) * (Float(gx) + 0.37) / 16, r.y - 4 + (r.w - r.y + 8) * (Float(gy) + 0.61) / 16)
                inputs.append([SIMD4(p.x, p.y, soft, continuous), r, rad, j])
              }
            }
          }
        }
      }
    }
    let bench = ShaderBench(
      includes: ["coverage.glsl"],
      prelude: """
          vec4 a = arg(0), r = arg(1), radii = arg(2), j = arg(3);
          bool left, top;
          float radius = cornerRadius(a.xy, r, radii, left, top);
        """)
    let out = try run(bench, inputs, [
      "vec4(roundedRectCoverageCurve(a.xy, r, radii, int(a.z), j, a.w != 0.0), insideRoundedRect(a.xy, r, radii) ? 1.0 : 0.0, radius, (left ? 1.0 : 0.0) + (top ? 2.0 : 0.0))"
    ])
    compare("coverage", out[0], inputs, exact: [1, 2, 3]) { c in
      let a = c[0], r = c[1], j = Coverage.Jacobian(dudx: c[3].x, dudy: c[3].y, dvdx: c[3].z, dvdy: c[3].w)
      let cov = Coverage.roundedRect(
        u: a.x, v: a.y, x0: r.x, y0: r.y, x1: r.z, y1: r.w, radii: c[2], softEdges: UInt8(a.z), jacobian: j, continuous: a.w != 0)
      let inside = Coverage.insideRoundedRect(u: a.x, v: a.y, x0: r.x, y0: r.y, x1: r.z, y1: r.w, radii: c[2])
      let corner = Coverage.corner(u: a.x, v: a.y, x0: r.x, y0: r.y, x1: r.z, y1: r.w, radii: c[2])
      return SIMD4(cov, inside ? 1 : 0, corner.radius, (corner.left ? 1 : 0) + (corner.top ? 2 : 0))
    }
  }

  @Test func levelSelectionAndTexelAddressing() throws {
    var inputs: [[SIMD4<Float>]] = []
    let maps: [SIMD4<Float>] = [SIMD4(1, 0, 0, 1), SIMD4(0.5, 0.2, -0.3, 2), SIMD4(64, 0, 0, 0.25), SIMD4(3.2, 1.1, 0.4, 7.9)]
    for m in maps {
      for i in 0..<200 {
        let t = Float(i)
        // Jacobians from magnifying (0.01) to minifying far past the last level (~300).
        let scale = powf(2, t / 200 * 15 - 7)
        let j = SIMD4(scale * cosf(t), scale * sinf(t * 0.7) * 0.3, -scale * sinf(t) * 0.2, scale * (0.5 + 0.5 * cosf(t * 1.3)))
        let bias: Float = i % 3 == 0 ? 0 : (i % 3 == 1 ? -0.5 : 1.25)
        let count = Float(1 + i % 13)
        // Coordinates across and beyond a level of `size` texels.
        let size = Float(1 + (i * 7) % 40)
        let s = -3 + (size + 6) * Float(i % 17) / 16.3
        inputs.append([m, j, SIMD4(bias, count, s, size)])
      }
    }
    let bench = ShaderBench(
      includes: ["sampling.glsl"],
      prelude: """
          vec4 m = arg(0), j = arg(1), q = arg(2);
          float rho = texelsPerPixel(m, j);
          float lod = levelOfDetail(rho, q.x);
          int i0, i1;
          float f = mipLevels(lod, int(q.y), i0, i1);
          vec3 lin = linearTexels(q.z, int(q.w));
        """)
    let out = try run(bench, inputs, [
      "vec4(rho, lod, float(i0) + f, float(i1 - i0))",
      "vec4(float(nearestTexel(q.z, int(q.w))), lin.x, lin.y, lin.z)",
    ])
    func swift(_ c: [SIMD4<Float>]) -> (rho: Float, lod: Float, levels: (Int, Int, Float)) {
      let m = c[0], j = c[1]
      let rho = Sampling.texelsPerPixel(m.x, m.y, m.z, m.w, (j.x, j.y, j.z, j.w))
      let lod = Sampling.levelOfDetail(texelsPerPixel: rho, bias: c[2].x)
      return (rho, lod, Sampling.mipLevels(lod: lod, count: Int(c[2].y)))
    }
    // i0 + f compared as one number: at an exact level, rounding may give (k, 0) one way
    // and (k - 1, 1) the other, which blend to the same colour.
    compare("level selection", out[0], inputs, exact: [3]) { c in
      let (rho, lod, l) = swift(c)
      return SIMD4(rho, lod, Float(l.0) + l.2, Float(l.1 - l.0))
    }
    compare("texel addressing", out[1], inputs, exact: [0, 1, 2]) { c in
      let s = c[2].z, size = Int32(c[2].w)
      let (i0, i1, f) = Sampling.linear(s, size: size)
      return SIMD4(Float(Sampling.nearest(s, size: size)), Float(i0), Float(i1), f)
    }
  }

  @Test func blendModes() throws {
    // Premultiplied colours: straight colour times alpha, alpha 0 and 1 included.
    let straight: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(0.2, 0.5, 0.9), SIMD3(0.75, 0.25, 0.1), SIMD3(0.5, 0.5, 0.5)]
    let alphas: [Float] = [0, 0.3, 0.8, 1]
    var colours: [SIMD4<Float>] = []
    for c in straight { for a in alphas { colours.append(SIMD4(c * a, a)) } }
    var inputs: [[SIMD4<Float>]] = []
    for (m, _) in BlendMode.allCases.enumerated() {
      for s in colours { for d in colours { inputs.append([s, d, SIMD4(Float(m), 0, 0, 0)]) } }
    }
    let bench = ShaderBench(includes: ["blend.glsl"])
    let out = try run(bench, inputs, ["blend(int(arg(2).x), arg(0), arg(1))"])
    compare("blend", out[0], inputs) { c in
      let mode = BlendMode.allCases[Int(c[2].x)]
      #expect(mode.shaderIndex == Int32(c[2].x))
      return BlendMath.blend(mode, src: c[0], dst: c[1])
    }
  }

  @Test func maskModes() throws {
    // Premultiplied mask pixels: straight colour times alpha, alpha 0 and 1 included.
    let straight: [SIMD3<Float>] = [SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(0.2, 0.5, 0.9), SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)]
    var inputs: [[SIMD4<Float>]] = []
    for mode in MaskMode.allCases {
      for c in straight {
        for a: Float in [0, 0.3, 0.8, 1] { inputs.append([SIMD4(c * a, a), SIMD4(Float(mode.shaderIndex), 0, 0, 0)]) }
      }
    }
    let bench = ShaderBench(includes: ["mask.glsl"])
    let out = try run(bench, inputs, ["vec4(maskWeight(int(arg(1).x), arg(0)))"])
    compare("mask", out[0], inputs) { c in
      let mode = MaskMode.allCases.first { Float($0.shaderIndex) == c[1].x }!
      return SIMD4(repeating: MaskMath.weight(mode, c[0]))
    }
  }

  @Test func projection() throws {
    // Device -> layer maps of real layers: affine (normalised) and in perspective.
    let transforms: [Transform3D] = [
      .identity, Transform3D.rotation(0.4, 0, 0, 1).concatenating(.translation(30, -12, 0)),
      Transform3D.rotation(1.2, 1, 0, 0).concatenating(.perspective(180)),
      Transform3D.rotation(-0.9, 0.3, 1, 0).concatenating(.perspective(60)).concatenating(.translation(40, 20, 0)),
    ]
    var inputs: [[SIMD4<Float>]] = []
    for t in transforms {
      let map = try #require(PlaneMap(toDevice: Homography(t)))
      let v = map.normalizedInverse.map { Float($0) }
      for gy in 0..<20 {
        for gx in 0..<20 {
          let d = SIMD2(Float(gx) * 9.5 - 40.25, Float(gy) * 7.5 - 30.5)
          inputs.append([SIMD4(v[0], v[1], v[2], 0), SIMD4(v[3], v[4], v[5], 0), SIMD4(v[6], v[7], v[8], 0), SIMD4(d.x, d.y, 0, 0)])
        }
      }
    }
    let bench = ShaderBench(
      includes: ["projection.glsl"],
      prelude: """
          vec3 r0 = arg(0).xyz, r1 = arg(1).xyz, r2 = arg(2).xyz;
          vec3 q = unproject(r0, r1, r2, arg(3).xy);
        """)
    let out = try run(bench, inputs, ["vec4(q, 0.0)", "projectionDerivatives(r0, r1, r2, q.xy, q.z)"])
    // Only pixels in front of the eye are drawn (unproject returns nil behind it).
    let visible = inputs.indices.filter { i in out[0][i].z > 0 }
    #expect(visible.count > inputs.count / 2)
    let front = visible.map { inputs[$0] }
    compare("unproject", visible.map { out[0][$0] }, front) { c in
      let (a, b, w, d) = (c[0], c[1], c[2], c[3])
      guard let p = Projection.unproject(a.x, a.y, a.z, b.x, b.y, b.z, w.x, w.y, w.z, x: d.x, y: d.y) else { return SIMD4(.nan, .nan, .nan, .nan) }
      return SIMD4(p.u, p.v, p.w, 0)
    }
    compare("projection derivatives", visible.map { out[1][$0] }, front) { c in
      let (a, b, w, d) = (c[0], c[1], c[2], c[3])
      guard let p = Projection.unproject(a.x, a.y, a.z, b.x, b.y, b.z, w.x, w.y, w.z, x: d.x, y: d.y) else { return SIMD4(.nan, .nan, .nan, .nan) }
      let j = Projection.derivatives(a.x, a.y, b.x, b.y, w.x, w.y, u: p.u, v: p.v, w: p.w)
      return SIMD4(j.dudx, j.dudy, j.dvdx, j.dvdy)
    }
  }

  @Test func analyticShadow() throws {
    var inputs: [[SIMD4<Float>]] = []
    let rect = SIMD4<Float>(20, 10, 120, 70)
    for sigma: Float in [0, 0.5, 4, 12.5] {
      for corner: Float in [0, 8, 30] {
        for gy in 0..<12 {
          for gx in 0..<12 {
            inputs.append([SIMD4(Float(gx) * 14 - 5.3, Float(gy) * 8.5 - 10.7, corner, sigma), rect])
          }
        }
      }
    }
    let bench = ShaderBench(includes: ["shadow.glsl"])
    let out = try run(bench, inputs, ["vec4(roundedBoxShadow(arg(0).xy, arg(1), arg(0).z, arg(0).w), 0.0, 0.0, 0.0)"])
    compare("rounded box shadow", out[0], inputs) { c in
      let p = c[0], r = c[1]
      return SIMD4(ShadowMath.roundedBoxShadow(px: p.x, py: p.y, x0: r.x, y0: r.y, x1: r.z, y1: r.w, corner: p.z, sigma: p.w), 0, 0, 0)
    }
  }

  /// `Coverage.halfPlane`: soft ramps and the tie rule of hard edges, at points on, near
  /// and off lines of every direction.
  @Test func halfPlanes() throws {
    var inputs: [[SIMD4<Float>]] = []
    let jacobians: [SIMD4<Float>] = [SIMD4(1, 0, 0, 1), SIMD4(0.7, 0.3, -0.2, 1.4)]
    for k in 0..<12 {
      let a = Float(k) * Float.pi / 6
      let (nx, ny) = k % 3 == 0 ? (Float(k % 2 == 0 ? 1 : -1), Float(0)) : (cosf(a), sinf(a))
      for soft: Float in [0, 1] {
        for j in jacobians {
          // Exactly on a hard edge the two sides' rounding (a fused multiply-add on the
          // GPU) may differ, as on any hard edge; the tie rule is for polygons of one
          // backend (PrimitiveGeometryTests, PrimitiveSemanticsTests).
          for d: Float in soft == 0 ? [-2, -0.7, -0.25, 0.25, 0.5, 1.5] : [-2, -0.7, -0.25, 0, 0.25, 0.5, 1.5] {
            // A point at signed distance d from the line nx·u + ny·v + c = 0 with c = −3.
            let u = (3 + d) * nx + 5 * -ny, v = (3 + d) * ny + 5 * nx
            inputs.append([SIMD4(u, v, 0, 0), SIMD4(nx, ny, -3, soft), j])
          }
        }
      }
    }
    let bench = ShaderBench(includes: ["coverage.glsl"])
    let out = try run(bench, inputs, ["vec4(halfPlaneCoverage(arg(0).xy, arg(1), arg(2)), 0.0, 0.0, 0.0)"])
    compare("half-plane", out[0], inputs) { c in
      let j = Coverage.Jacobian(dudx: c[2].x, dudy: c[2].y, dvdx: c[2].z, dvdy: c[2].w)
      return SIMD4(Coverage.halfPlane(u: c[0].x, v: c[0].y, edge: c[1], jacobian: j), 0, 0, 0)
    }
  }

  /// `Coverage.convexPolygon` read from a table as draw polygons and polygon clips read it
  /// (`convexPolygonCoverage`: the count, then the edges): a pentagon with soft and hard
  /// edges and a triangle, at points inside, outside and near the edges.
  @Test func convexPolygonsFromATable() throws {
    let pentagon = try #require(ConvexPolygon(
      (0..<5).map { k in Point(x: 20 * cos(Double(k) * 1.2566 + 0.2), y: 16 * sin(Double(k) * 1.2566 + 0.2)) },
      softEdges: [true, false, true, true, false]))
    let triangle = try #require(ConvexPolygon([Point(-10, -8), Point(12, -3), Point(0, 14)]))
    let jacobians: [SIMD4<Float>] = [SIMD4(1, 0, 0, 1), SIMD4(0.7, 0.3, -0.2, 1.4)]
    var inputs: [[SIMD4<Float>]] = []
    for poly in [pentagon, triangle] {
      // The row: count, edges, padded so that every case has the same number of vec4s.
      let edges = poly.floatEdges + [SIMD4<Float>](repeating: .zero, count: 5 - poly.floatEdges.count)
      for j in jacobians {
        for gy in 0..<24 {
          for gx in 0..<24 {
            let p = SIMD4<Float>(-24 + 48 * (Float(gx) + 0.31) / 24, -20 + 40 * (Float(gy) + 0.57) / 24, 0, 0)
            inputs.append([p, j, SIMD4(Float(poly.floatEdges.count), 0, 0, 0)] + edges)
          }
        }
      }
    }
    let bench = ShaderBench(includes: ["coverage.glsl"])
    let out = try run(bench, inputs, ["vec4(convexPolygonCoverage(u_inputs, vec2(1.0, 16777216.0), caseIndex(), 2, arg(0).xy, arg(1)), 0.0, 0.0, 0.0)"])
    compare("convex polygon", out[0], inputs) { c in
      let j = Coverage.Jacobian(dudx: c[1].x, dudy: c[1].y, dvdx: c[1].z, dvdy: c[1].w)
      let edges = Array(c[3..<(3 + Int(c[2].x))])
      return SIMD4(Coverage.convexPolygon(u: c[0].x, v: c[0].y, edges: edges.span, jacobian: j), 0, 0, 0)
    }
  }

  /// `GradientMath.parameter` for the three kinds (conic compared around the circle, so
  /// a value just below 1 matches one just above 0) and degenerate geometry.
  @Test func gradientParameters() throws {
    var inputs: [[SIMD4<Float>]] = []
    let geometry: [SIMD4<Float>] = [SIMD4(0, 0, 1, 1), SIMD4(0.5, 0.5, 1, 0.75), SIMD4(0.25, 0.5, 0.25, 0.5), SIMD4(0.3, 0.7, 0.9, 0.1)]
    for kind: Float in [0, 1, 2] {
      for g in geometry {
        for gy in 0..<9 {
          for gx in 0..<9 {
            inputs.append([SIMD4(Float(gx) * 0.17 - 0.3, Float(gy) * 0.19 - 0.41, kind, 0), g])
          }
        }
      }
    }
    let bench = ShaderBench(includes: ["coverage.glsl", "gradient.glsl"])
    let out = try run(bench, inputs, ["vec4(gradientParameter(int(arg(0).z), arg(0).xy, arg(1).xy, arg(1).zw), 0.0, 0.0, 0.0)"])
    var wrapped = out[0]
    for (i, c) in inputs.enumerated() where c[0].z == 2 {
      let want = GradientMath.parameter(kind: 2, x: c[0].x, y: c[0].y, start: SIMD2(c[1].x, c[1].y), end: SIMD2(c[1].z, c[1].w))
      if abs(wrapped[i].x - want) > 0.5 { wrapped[i].x += want > wrapped[i].x ? 1 : -1 }
    }
    compare("gradient parameter", wrapped, inputs) { c in
      SIMD4(GradientMath.parameter(kind: Int32(c[0].z), x: c[0].x, y: c[0].y, start: SIMD2(c[1].x, c[1].y), end: SIMD2(c[1].z, c[1].w)), 0, 0, 0)
    }
  }

  /// A conic gradient's seam: points a hair either side of the ray start → end (and on
  /// it) get the same parameter on both backends, near 0 on one side and near 1 on the
  /// other, with no wrapping allowed: the side decides, not where the two arctangents land
  /// (before, llvmpipe's `atan` and libm's `atan2f` put some of these on opposite sides:
  /// strata-fuzz seeds 107928 and 119081).
  @Test func conicSeamSidesAgree() throws {
    var inputs: [[SIMD4<Float>]] = []
    let geometry: [SIMD4<Float>] = [
      SIMD4(0.58, 0, 0.61, 0.4), SIMD4(0.5, 0.5, 1, 0.75), SIMD4(0.86, 0.33, 0.23, 0.05), SIMD4(0.3, 0.7, 0.9, 0.1),
      SIMD4(0.5, 0.5, 0.5, 1), SIMD4(0.5, 0.5, 1, 0.5),
    ]
    for g in geometry {
      let (dx, dy) = (g.z - g.x, g.w - g.y)
      for r: Float in [0.05, 0.3, 0.7, 1.3] {
        for offset: Float in [-1e-4, -1e-5, -1e-6, -1e-7, 0, 1e-7, 1e-6, 1e-5, 1e-4] {
          // Along the ray at distance r (in units of |d|), moved `offset` across it.
          let x = g.x + r * dx - offset * dy, y = g.y + r * dy + offset * dx
          inputs.append([SIMD4(x, y, 2, 0), g])
        }
      }
    }
    let bench = ShaderBench(includes: ["coverage.glsl", "gradient.glsl"])
    let out = try run(bench, inputs, ["vec4(gradientParameter(int(arg(0).z), arg(0).xy, arg(1).xy, arg(1).zw), 0.0, 0.0, 0.0)"])
    compare("conic seam", out[0], inputs) { c in
      SIMD4(GradientMath.parameter(kind: 2, x: c[0].x, y: c[0].y, start: SIMD2(c[1].x, c[1].y), end: SIMD2(c[1].z, c[1].w)), 0, 0, 0)
    }
  }

  /// `GradientMath.color`: the stops read from a table row as the renderer's table holds
  /// them (straight colours, then locations four to a texel), with pads, hard stops and
  /// uneven spacing.
  @Test func gradientColours() throws {
    let colours: [SIMD4<Float>] = [SIMD4(1, 0, 0, 1), SIMD4(1, 1, 1, 0), SIMD4(0.2, 0.4, 0.9, 0.6), SIMD4(0, 0, 0, 1), SIMD4(0.3, 0.9, 0.5, 0.25)]
    let stopSets: [[Float]] = [[0.5], [0, 1], [0.2, 0.5, 0.5, 0.9], [0, 0.1, 0.35, 0.7, 1]]
    var inputs: [[SIMD4<Float>]] = []
    var cases: [(locations: [Float], colours: [SIMD4<Float>], t: Float)] = []
    for l in stopSets {
      for i in 0..<41 {
        let t = Float(i) / 32 - 0.125
        // Row: (t, n), the colours, then the locations four to a texel (as KindTables
        // lays them out), padded to 8 texels.
        var row = [SIMD4<Float>(t, Float(l.count), 0, 0)] + colours.prefix(l.count)
        for k in stride(from: 0, to: l.count, by: 4) {
          var q = SIMD4<Float>(repeating: 0)
          for m in 0..<min(4, l.count - k) { q[m] = l[k + m] }
          row.append(q)
        }
        row += [SIMD4<Float>](repeating: .zero, count: 8 - row.count)
        inputs.append(row)
        cases.append((l, Array(colours.prefix(l.count)), t))
      }
    }
    // The bench's input table is the stops' table: colours from column 1, locations after.
    let bench = ShaderBench(includes: ["coverage.glsl", "gradient.glsl"])
    let out = try run(bench, inputs, ["gradientStopsColor(u_inputs, vec2(1.0, 16777216.0), caseIndex(), 1, int(arg(0).y), arg(0).x)"])
    var expected: [SIMD4<Float>] = []
    for c in cases { expected.append(GradientMath.color(at: c.t, locations: c.locations.span, colors: c.colours.span)) }
    compare("gradient colour", out[0], inputs) { c in
      let i = inputs.firstIndex { $0 == c }!
      return expected[i]
    }
  }
}
