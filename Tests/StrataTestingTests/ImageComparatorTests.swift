import Foundation
import Strata
import StrataCompare
import Testing

/// The comparator's rules on small, hand-made images, and its speed.
@Suite struct ImageComparatorTests {
  static func solid(_ w: Int, _ h: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) -> Image {
    Image(width: w, height: h) { _, _ in c }
  }

  @Test func strictAllowsOneLevelAndNoMore() {
    let a = Self.solid(8, 8, (100, 100, 100, 255))
    #expect(ImageComparator.compare(expected: a, actual: Self.solid(8, 8, (101, 99, 100, 255)), tolerance: .strict).passed)
    let r = ImageComparator.compare(expected: a, actual: Self.solid(8, 8, (102, 100, 100, 255)), tolerance: .strict)
    #expect(!r.passed && r.measurements.channelPixels == 64 && r.largestDifference.red == 2)
  }

  @Test func alphaChangesWhereTheReferenceIsOpaqueOrClearAreCritical() {
    let clear = Self.solid(16, 16, (0, 0, 0, 0))
    let faint = Self.solid(16, 16, (10, 10, 10, 6))
    let r = ImageComparator.compare(expected: clear, actual: faint, tolerance: .cross)
    #expect(!r.passed && r.measurements.criticalAlphaPixels == 256)
    // Colour under almost no coverage barely counts: straight colour is weighted by alpha.
    let dim = Self.solid(16, 16, (2, 0, 0, 3)), dimmer = Self.solid(16, 16, (0, 0, 2, 3))
    #expect(ImageComparator.compare(expected: dim, actual: dimmer, tolerance: .cross).passed)
  }

  @Test func regionsBoundTheDifferingPixels() {
    let base = Self.solid(64, 48, (50, 50, 50, 255))
    let spots = Image(width: 64, height: 48) { x, y in
      (x >= 5 && x < 9 && y >= 6 && y < 8) || (x >= 40 && x < 50 && y >= 30 && y < 40) ? (200, 50, 50, 255) : (50, 50, 50, 255)
    }
    let r = ImageComparator.compare(expected: base, actual: spots, tolerance: .cross)
    // The lost and gained edges around each spot belong to its region.
    #expect(r.regions.map(\.description) == ["12x12 at (39, 29)", "6x4 at (4, 5)"])
    #expect(r.pixelsOver.first { $0.levels == 128 }?.pixels == 108)
  }

  @Test func identicalImagesPassEveryTier() {
    let img = Planted.shiftOnePixel.pair.0
    for t in [Tolerance.strict, .cross, .channel(0)] {
      let r = ImageComparator.compare(expected: img, actual: img, tolerance: t)
      #expect(r.passed && r.differentPixels == 0)
    }
  }

  @Test func theHeatmapShowsOnlyWhatDiffers() {
    let (e, a) = Planted.dotWrongColor.pair
    let r = ImageComparator.compare(expected: e, actual: a, tolerance: .cross)
    let heat = DiffImage.heatmap(expected: e, actual: a, result: r)
    let at = { (x: Int, y: Int) in (heat[(y * e.width + x) * 4], heat[(y * e.width + x) * 4 + 1]) }
    #expect(at(140, 10).0 == 255)  // the dot: full red
    #expect(at(5, 60).0 < 40)  // untouched background: a dim ghost
  }

  /// Two large images differing everywhere along many edges pass the cross tier. Speed is
  /// measured with `strata compare` on 1920x1080 images in a release build (docs/Testing.md),
  /// not by a timed test.
  @Test func largeImagesWithBenignEdgeNoisePass() {
    let e = Image(width: 640, height: 360) { x, y in
      ((x / 37 + y / 23) % 2 == 0) ? (230, 120, 40, 255) : (30, 60, 200, 255)
    }
    let a = BackendSimulation.perturb(e)
    let r = ImageComparator.compare(expected: e, actual: a, tolerance: .cross)
    #expect(r.passed, "\(r.summary)")
  }
}
