import Strata
import StrataCompare
import Testing

/// The regression corpus: proof that the cross-backend tier passes honest backend
/// differences and catches every planted regression.
@Suite struct RegressionCorpusTests {
  @Test(arguments: Planted.allCases)
  func plantedRegressionIsCaught(_ planted: Planted) {
    let (expected, actual) = planted.pair
    let result = ImageComparator.compare(expected: expected, actual: actual, tolerance: .cross)
    #expect(!result.passed, "\(planted) slipped through: \(result.summary)")
    #expect(!result.regions.isEmpty)
    // The strict tier, stricter still, catches it too.
    #expect(!ImageComparator.compare(expected: expected, actual: actual, tolerance: .strict).passed)
  }

  @Test(arguments: BenignScene.allCases)
  func benignBackendDifferencesPass(_ scene: BenignScene) {
    let expected = scene.image
    let actual = BackendSimulation.perturb(expected)
    let result = ImageComparator.compare(expected: expected, actual: actual, tolerance: .cross)
    #expect(result.passed, "\(scene): \(result.summary)")
    #expect(result.differentPixels > 0, "the simulation changed nothing in \(scene)")
    // Same-backend rules would reject these honest differences: the tiers differ.
    #expect(!ImageComparator.compare(expected: expected, actual: actual, tolerance: .strict).passed)
  }

  /// A planted regression stays caught after the benign perturbation: the tier's slack
  /// for backend differences does not add up to slack for real changes.
  @Test(arguments: Planted.allCases)
  func plantedRegressionIsCaughtThroughBackendNoise(_ planted: Planted) {
    let (expected, actual) = planted.pair
    let result = ImageComparator.compare(expected: expected, actual: BackendSimulation.perturb(actual), tolerance: .cross)
    #expect(!result.passed, "\(planted) slipped through: \(result.summary)")
  }
}
