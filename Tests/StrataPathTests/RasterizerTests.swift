import StrataPath
import Testing

/// The rasteriser against exact areas: every test's expectation is geometry (an area, a
/// fraction of a pixel), not a recording of the rasteriser's output.
@Suite struct RasterizerTests {
  static let canvas = PixelRect(x: 0, y: 0, width: 128, height: 128)

  static func sum(_ m: CoverageMask) -> Double { m.coverage.reduce(0) { $0 + Double($1) } / 255 }

  @Test func rectangleCoverageSumsToItsArea() {
    var r = Rasterizer()
    let m = r.fill(Path(rect: PathRect(x: 10.3, y: 20.6, width: 50.5, height: 30.25)), clip: Self.canvas)
    // Each pixel is rounded to 1/255, so the sum may be off by half a level per edge pixel.
    #expect(abs(Self.sum(m) - 50.5 * 30.25) < 0.5 / 255 * Double(2 * (52 + 32)))
    #expect(m.bounds == PixelRect(x: 10, y: 20, width: 51, height: 31))
    #expect(m[30, 30] == 255 && m[9, 30] == 0 && m[61, 30] == 0)
    // A pixel cut by two edges: (1 − 0.3) × (1 − 0.6) of it is covered.
    #expect(m[10, 20] == UInt8((0.7 * 0.4 * 255).rounded()))
  }

  @Test func halfPixelEdgesAre128() {
    var r = Rasterizer()
    let m = r.fill(Path(rect: PathRect(x: 2.5, y: 2, width: 10, height: 4)), clip: Self.canvas)
    #expect(m[2, 3] == 128 && m[12, 3] == 128 && m[7, 3] == 255)
    // And with the edges running the other way (the winding only changes sign).
    var reversed = Path()
    reversed.move(to: PathPoint(2.5, 2))
    reversed.addLine(to: PathPoint(2.5, 6))
    reversed.addLine(to: PathPoint(12.5, 6))
    reversed.addLine(to: PathPoint(12.5, 2))
    reversed.closeSubpath()
    #expect(r.fill(reversed, clip: Self.canvas) == m)
  }

  @Test func diagonalEdgeCoversHalfOfEachPixelItCrosses() {
    var r = Rasterizer()
    var p = Path()
    p.move(to: PathPoint(0, 0))
    p.addLine(to: PathPoint(16, 16))
    p.addLine(to: PathPoint(0, 16))
    p.closeSubpath()
    let m = r.fill(p, clip: Self.canvas)
    for i in 0..<16 { #expect(m[i, i] == 128) }
    #expect(m[0, 5] == 255 && m[5, 0] == 0)
    #expect(abs(Self.sum(m) - 128) < 16 * 0.5 / 255 + 1e-9)
  }

  @Test func circleCoverageIsCloseToPiRSquared() {
    var r = Rasterizer()
    let m = r.fill(Path(ellipseIn: PathRect(x: 14.2, y: 9.7, width: 80, height: 80)), clip: Self.canvas)
    // Flattening within 0.05 px loses at most 0.05 × the circumference; cubic arcs add 0.03 %.
    let exact = Double.pi * 40 * 40
    #expect(abs(Self.sum(m) - exact) < 0.05 * 2 * .pi * 40)
    #expect(abs(Self.sum(m) - exact) / exact < 2e-3)
  }

  @Test func evenOddLeavesTheMiddleOfAStarOpenAndNonzeroFillsIt() {
    var star = Path()
    for k in 0..<5 {
      let a = -Double.pi / 2 + Double(k) * 4 * .pi / 5
      let p = PathPoint(64 + 50 * cos(a), 64 + 50 * sin(a))
      if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
    }
    star.closeSubpath()
    var r = Rasterizer()
    let nonZero = r.fill(star, rule: .nonZero, clip: Self.canvas)
    let evenOdd = r.fill(star, rule: .evenOdd, clip: Self.canvas)
    #expect(nonZero[64, 64] == 255 && evenOdd[64, 64] == 0)
    // A point of the star: inside for both.
    #expect(nonZero[64, 24] == 255 && evenOdd[64, 24] == 255)
    // The pentagon in the middle has circumradius 50·cos(72°)/cos(36°) = 19.1: the even-odd
    // fill lacks its area, (5/2)·R²·sin(72°) = 867.
    let pentagon = 2.5 * pow(50 * cos(0.4 * .pi) / cos(0.2 * .pi), 2) * sin(0.4 * .pi)
    #expect(abs(Self.sum(nonZero) - Self.sum(evenOdd) - pentagon) < 2)
  }

  @Test func twoOverlappingSquaresUnderEachRule() {
    var p = Path(rect: PathRect(x: 10, y: 10, width: 20, height: 20))
    p.addRect(PathRect(x: 20, y: 20, width: 20, height: 20))
    var r = Rasterizer()
    #expect(Self.sum(r.fill(p, rule: .nonZero, clip: Self.canvas)) == 700)
    #expect(Self.sum(r.fill(p, rule: .evenOdd, clip: Self.canvas)) == 600)
  }

  @Test func maskIsClippedAndClippingChangesNoPixelInside() {
    let circle = Path(ellipseIn: PathRect(x: -30.5, y: 20.25, width: 100, height: 90))
    var r = Rasterizer()
    let whole = r.fill(circle, clip: PixelRect(x: -64, y: 0, width: 256, height: 256))
    let clip = PixelRect(x: 5, y: 30, width: 40, height: 50)
    let part = r.fill(circle, clip: clip)
    #expect(part.bounds == clip)
    for y in clip.minY..<clip.maxY {
      for x in clip.minX..<clip.maxX { #expect(part[x, y] == whole[x, y]) }
    }
  }

  @Test func wholePixelMovesGiveTheSameBytes() {
    let p = Path(ellipseIn: PathRect(x: 3.3, y: 4.6, width: 30, height: 20))
    var r = Rasterizer()
    let a = r.fill(p, clip: Self.canvas)
    let b = r.fill(p, transform: PathTransform(translationX: 17, y: 9), clip: Self.canvas)
    #expect(b == a.translated(by: PixelOffset(dx: 17, dy: 9)))
  }

  @Test func transformScalesArea() {
    var r = Rasterizer()
    let m = r.fill(
      Path(rect: PathRect(x: 0, y: 0, width: 10, height: 10)),
      transform: PathTransform(scaleX: 2.5, y: 1.5).concatenating(PathTransform(rotationAngle: 0.3))
        .concatenating(PathTransform(translationX: 60, y: 20)), clip: Self.canvas)
    #expect(abs(Self.sum(m) - 375) < 0.2)
  }

  @Test func tilesSayWhereTheMaskIsUniform() {
    var r = Rasterizer()
    // A 200 × 150 rectangle at whole pixels inside a 256 × 256 mask area: a tile fully
    // inside is full, one outside is empty, one on an edge is partial.
    var p = Path(rect: PathRect(x: 0, y: 0, width: 256, height: 256))
    p.addRect(PathRect(x: 30.5, y: 30, width: 200, height: 150))
    let m = r.fill(p, rule: .evenOdd, clip: PixelRect(x: 0, y: 0, width: 256, height: 256))
    #expect(m.tilesAcross == 4 && m.tilesDown == 4)
    #expect(m.tileState(column: 0, row: 0) == .partial)  // holds the rectangle's corner
    #expect(m.tileState(column: 1, row: 1) == .empty)  // inside the hole
    #expect(m.tileState(column: 3, row: 3) == .full)  // outside the hole
    #expect(m.tileState(column: 0, row: 3) == .full)
    for row in 0..<m.tilesDown {
      for column in 0..<m.tilesAcross {
        let t = m.tileBounds(column: column, row: row)
        var values = Set<UInt8>()
        for y in t.minY..<t.maxY { for x in t.minX..<t.maxX { values.insert(m[x, y]) } }
        switch m.tileState(column: column, row: row) {
        case .empty: #expect(values == [0])
        case .full: #expect(values == [255])
        case .partial: #expect(values.count > 1 || (values.first.map { $0 != 0 && $0 != 255 } ?? false))
        }
      }
    }
  }

  @Test func nothingDrawsForEmptyOrNonFinitePaths() {
    var r = Rasterizer()
    #expect(r.fill(Path(), clip: Self.canvas).isEmpty)
    #expect(r.fill(Path(rect: PathRect(x: 200, y: 0, width: 5, height: 5)), clip: Self.canvas).bounds.area == 0)
    let huge = PathTransform(scaleX: 1e300, y: 1e300).concatenating(PathTransform(scaleX: 1e300, y: 1))
    #expect(r.fill(Path(rect: PathRect(x: 1, y: 1, width: 5, height: 5)), transform: huge, clip: Self.canvas).isEmpty)
  }

  @Test func aHugePathCostsLittleAndIsExactInsideTheClip() {
    // A circle a million pixels across whose edge crosses the canvas: the curves far outside
    // become single edges, and the part inside is still right.
    let c = Path(ellipseIn: PathRect(x: 64 - 1e6, y: 64, width: 2e6, height: 2e6))
    var r = Rasterizer()
    let m = r.fill(c, clip: Self.canvas)
    #expect(m.bounds == PixelRect(x: 0, y: 64, width: 128, height: 64))
    #expect(m[64, 100] == 255 && m[64, 63] == 0)
    #expect(m[64, 64] == 255)  // the top of the circle is at y = 64 exactly
  }

  @Test func resultsDoNotDependOnWhatTheRasteriserDidBefore() {
    var fresh = Rasterizer(), used = Rasterizer()
    _ = used.fill(Path(ellipseIn: PathRect(x: 0, y: 0, width: 120, height: 120)), rule: .evenOdd, clip: Self.canvas)
    _ = used.stroke(Path(rect: PathRect(x: 5, y: 5, width: 100, height: 50)), style: StrokeStyle(lineWidth: 9), clip: Self.canvas)
    let p = Path(roundedRect: PathRect(x: 7.5, y: 3.25, width: 60, height: 40), cornerWidth: 9, cornerHeight: 9)
    #expect(used.fill(p, clip: Self.canvas) == fresh.fill(p, clip: Self.canvas))
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RasterizerTests {
  /// Edges on whole pixels, odd and even, vertical and slanted by a hair: each pixel is
  /// all in or all out (where rounding picks a neighbouring cell, the share must still land
  /// in the right one).
  @Test(arguments: [3.0, 4.0, 7.0, 10.0])
  func edgesOnWholePixels(_ x: Double) {
    var r = Rasterizer()
    // A frame: edges at x, x + 3, x + 6, x + 9 (odd and even, within the mask and at its
    // right end), under both rules.
    var p = Path(rect: PathRect(x: x, y: 1, width: 9, height: 6))
    p.addRect(PathRect(x: x + 3, y: 2, width: 3, height: 4))
    for rule in [FillRule.nonZero, .evenOdd] {
      let m = r.fill(p, rule: rule, clip: Self.canvas)
      #expect(m.bounds == PixelRect(x: Int(x), y: 1, width: 9, height: 6))
      for column in 0..<9 {
        let hole = rule == .evenOdd && column >= 3 && column < 6
        #expect(m[Int(x) + column, 3] == (hole ? 0 : 255), "\(rule) column \(column)")
      }
      #expect(Self.sum(m) == (rule == .evenOdd ? 54 - 12 : 54))
    }
    var slant = Path()
    slant.move(to: PathPoint(x, 0))
    slant.addLine(to: PathPoint(x + 1e-4, 8))
    slant.addLine(to: PathPoint(x + 6, 8))
    slant.addLine(to: PathPoint(x + 6, 0))
    slant.closeSubpath()
    let s = r.fill(slant, rule: .evenOdd, clip: Self.canvas)
    #expect(s[Int(x), 4] == 255 && s[Int(x) + 5, 4] == 255 && s[Int(x) - 1, 4] == 0)
  }
}
