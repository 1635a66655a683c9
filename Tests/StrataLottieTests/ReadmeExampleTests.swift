import Foundation
import Strata
import StrataLottie
import Testing

// The README's Swift example (README, "Lottie"), as written.
func lottieFrame(_ url: URL) throws -> LayerSnapshot {
  let anim = try LottieAnimation(contentsOf: url)
  let layer = anim.makeLayer(width: 200, height: 200)
  return layer.snapshot(at: anim.time(forFrame: 12.5))
}

@Suite struct ReadmeExampleTests {
  /// The example's snapshot is the animation's root: a 200 x 200 layer holding the
  /// file's canvas scaled to fill it.
  @Test func theReadmeExampleSnapshotsAFrame() throws {
    let url = CorpusImportTests.corpus.appendingPathComponent("samples/TwitterHeart.json")
    let snapshot = try lottieFrame(url)
    #expect(snapshot.bounds == Rect(0, 0, 200, 200))
    #expect(snapshot.sublayers.count == 1)
  }
}
