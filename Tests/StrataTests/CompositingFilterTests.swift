import Testing

@testable import Strata

/// `compositingFilter` is a typed value with Core Animation's names, so a misspelt name
/// does not compile.
@Suite struct CompositingFilterTests {
  @Test func casesAreCoreAnimationsFilterNames() {
    let l = Layer()
    #expect(l.compositingFilter == nil)
    l.compositingFilter = .multiplyBlendMode
    #expect(l.compositingFilter?.rawValue == "multiplyBlendMode")
    #expect(l.snapshot().compositingFilter == .multiplyBlendMode)
    // The names Core Animation's `kCAFilter…` constants stand for, written out here rather
    // than derived from the enum.
    let names = [
      "normalBlendMode", "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode",
      "lightenBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode",
      "differenceBlendMode", "exclusionBlendMode", "plusL", "hueBlendMode", "saturationBlendMode", "colorBlendMode",
      "luminosityBlendMode",
    ]
    #expect(Set(CompositingFilter.allCases.map(\.rawValue)) == Set(names))
    #expect(names.allSatisfy { CompositingFilter(rawValue: $0) != nil })
    #expect(CompositingFilter(rawValue: "multiplyBlendMod") == nil)
  }

  @Test func presentationCopiesKeepTheFilter() {
    let l = Layer()
    l.compositingFilter = .screenBlendMode
    #expect(l.presentation(at: 0).compositingFilter == .screenBlendMode)
    #expect(l.deepCopy().compositingFilter == .screenBlendMode)
  }
}
