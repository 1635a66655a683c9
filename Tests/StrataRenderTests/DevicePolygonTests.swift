import Strata
import StrataRender
import Foundation
import Testing

/// The array-free forms of `DevicePolygon` that the GPU's instances use give what the
/// general ones give, on maps that cut nothing and on maps whose corners lie behind the eye
/// or outside the guard band (where they fall back to cutting).
@Suite struct DevicePolygonTests {
  let canvas = PixelBounds(x0: 0, y0: 0, x1: 640, y1: 480)

  /// A deterministic spread of maps: affine (rotated, scaled, flipped, tiny and huge
  /// translations) and perspective (some with w <= 0 at a corner).
  func maps() -> [Homography] {
    var state: UInt64 = 0x5EED_D0F0
    func unit() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) * 0x1p-53
    }
    var out: [Homography] = [.identity, Homography(1, 0, 1e9, 0, 1, 0, 0, 0, 1), Homography(-1, 0, 50, 0, 2, 3, 0, 0, 1)]
    for i in 0..<400 {
      let a = unit() * 2 * .pi, s = 0.1 + unit() * 4
      let (c, sn) = (cos(a) * s, sin(a) * s)
      let p = i % 2 == 0 ? (0.0, 0.0) : ((unit() - 0.5) * 0.02, (unit() - 0.5) * 0.02)
      out.append(Homography(c, -sn, unit() * 640, sn, c, unit() * 480, p.0, p.1, 1))
    }
    return out
  }

  @Test func pixelBoundsOfARectMatchTheProjectedOutline() {
    let rects = [Rect(0, 0, 1, 1), Rect(-20, 5, 200, 90), Rect(3.25, 7.5, 0.5, 40)]
    var cut = 0
    for m in maps() {
      for r in rects {
        for pad in [0, 1] {
          let poly = DevicePolygon.project(r, m)
          #expect(
            DevicePolygon.pixelBounds(of: r, m, pad: pad, canvas: canvas)
              == DevicePolygon.pixelBounds(poly, pad: pad, canvas: canvas), "\(m) \(r)")
          // The rectangle's own fast path gives the general outline of its four corners.
          let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
          #expect(poly == DevicePolygon.project(corners, m), "\(m) \(r)")
          if poly.count != 4 { cut += 1 }
        }
      }
    }
    // Some maps cut the outline, so the fallback is exercised too.
    #expect(cut > 0)
  }

  /// `Draw.make` finds an uncut quad's bounds from its corners without an array: the draw it
  /// makes has the bounds of its (derived) outline, with the pad of soft edges and within
  /// the clip, and there is no draw where the outline is cut away entirely.
  @Test func drawBoundsAreTheOutlines() {
    let rects = [Rect(0, 0, 1, 1), Rect(-20, 5, 200, 90), Rect(3.25, 7.5, 0.5, 40)]
    let clip = PixelBounds(x0: 10, y0: 20, x1: 600, y1: 400)
    var made = 0, dropped = 0
    for m in maps() {
      guard let map = PlaneMap(toDevice: m) else { continue }
      for r in rects {
        for edges in [EdgeAntialiasingMask(), .all] {
          let d = Draw.make(
            label: "t", part: "p", map: map, rect: r, shape: .rect, paint: .solid(.clear), opacity: 1, clip: nil,
            edges: edges, canvas: canvas, clipBounds: clip)
          let outline = DevicePolygon.project(r, m)
          let expected = DevicePolygon.pixelBounds(outline, pad: edges.isEmpty ? 0 : 1, canvas: canvas).intersection(clip)
          if outline.count < 3 || expected.isEmpty {
            #expect(d == nil, "\(m) \(r)")
            dropped += 1
          } else {
            #expect(d?.deviceBounds == expected, "\(m) \(r)")
            #expect(d?.devicePolygon == outline, "\(m) \(r)")
            made += 1
          }
        }
      }
    }
    #expect(made > 0 && dropped > 0)
  }

  /// Equality and hashing go element by element.
  @Test func homographiesCompareByValue() {
    let a = Homography(1, 2, 3, 4, 5, 6, 7, 8, 9)
    #expect(a == Homography(1, 2, 3, 4, 5, 6, 7, 8, 9))
    #expect(a.hashValue == Homography(1, 2, 3, 4, 5, 6, 7, 8, 9).hashValue)
    for i in 0..<9 {
      var v = a.values
      v[i] += 0.5
      #expect(a != Homography(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]))
    }
    let map = PlaneMap(toDevice: Homography(2, 0, 5, 0, 4, 7, 0, 0, 1))!
    #expect(map.normalizedInverse == map.normalizedInverseMatrix.values)
    #expect(map.normalizedInverse[8] == 1)
  }
}
