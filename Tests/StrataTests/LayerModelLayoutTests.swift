import Dispatch
import StrataSync
import Testing

@testable import Strata

/// `LayerModel` keeps the rarely set properties in a shared box and boxes a transform
/// other than the identity, so that a snapshot copies few bytes (`Model/LayerModel.swift`).
@Suite struct LayerModelLayoutTests {
  @Test func theInlineModelStaysSmall() {
    let size = MemoryLayout<LayerModel>.size
    print("LayerModel \(size) bytes, Rare.Fields \(MemoryLayout<LayerModel.Rare.Fields>.size)")
    #expect(size <= 200, "LayerModel grew to \(size) bytes")
  }

  @Test func layersThatSetNoRarePropertyHaveNoBox() {
    let a = Layer(), b = Layer()
    a.bounds = Rect(0, 0, 10, 10)
    a.opacity = 0.5
    #expect(a.model.rare == nil && b.model.rare == nil)
    #expect(a.model.transformBox == nil)
    // Setting a rare property to the value it has keeps the box; another value makes one,
    // without touching the defaults or another layer.
    a.shadowOpacity = 0
    #expect(a.model.rare == nil)
    a.shadowOpacity = 0.75
    a.borderColor = Color(1, 0, 0, 1)
    #expect(a.model.rare != nil)
    #expect(a.shadowOpacity == 0.75 && a.borderColor == Color(1, 0, 0, 1))
    #expect(b.shadowOpacity == 0 && b.borderColor == .black && LayerModel.Rare.Fields.defaults.shadowOpacity == 0)
    // A copy shares the box; changing the copy leaves the original alone.
    let c = Layer()
    c.copyProperties(from: a)
    #expect(c.model.rare === a.model.rare)
    c.shadowOpacity = 0.25
    #expect(a.shadowOpacity == 0.75 && c.shadowOpacity == 0.25)
    // The transform: boxed when not the identity, nil again for the identity.
    a.transform = .rotation(0.5, 0, 0, 1)
    #expect(a.model.transformBox != nil && a.transform == .rotation(0.5, 0, 0, 1))
    a.transform = .identity
    #expect(a.model.transformBox == nil && a.transform == .identity)
  }

  /// A snapshot's `layerCount` is its subtree's layers, itself included, masks not: what a
  /// walk of the sublayers counts.
  @Test func snapshotsCountTheirLayers() throws {
    func walk(_ l: Layer) -> Int { 1 + l.sublayers.reduce(0) { $0 + walk($1) } }
    let root = Layer()
    var all = [root]
    var seed: UInt64 = 7
    for _ in 0..<60 {
      seed = seed &* 6364136223846793005 &+ 1442695040888963407
      let parent = all[Int(seed >> 33) % all.count]
      let l = Layer()
      if seed & 4 != 0 { l.mask = Layer() }
      try parent.addSublayer(l)
      all.append(l)
    }
    let s = root.snapshot()
    #expect(s.layerCount == walk(root) && s.layerCount == 61)
    #expect(s.sublayers.allSatisfy { $0.layerCount == 1 + $0.sublayers.reduce(0) { $0 + $1.layerCount } })
  }

  /// `isAlphaOnly` tests the pixels once and remembers the answer, the same on every thread.
  @Test func alphaOnlyIsTestedOnceAndRemembered() {
    let white = Image(width: 2, height: 1, rgbaPixels: [SIMD4(10, 10, 10, 10), SIMD4(255, 255, 255, 255)])
    let tinted = Image(width: 2, height: 1, rgbaPixels: [SIMD4(10, 10, 10, 10), SIMD4(255, 0, 255, 255)])
    for _ in 0..<2 {
      #expect(white.isAlphaOnly)
      #expect(!tinted.isAlphaOnly)
    }
    let fresh = Image(width: 1, height: 1, rgbaPixels: [SIMD4(3, 3, 4, 4)])
    let answers = Locked<[Bool]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let a = fresh.isAlphaOnly
      answers.withLock { $0.append(a) }
    }
    #expect(answers.withLock { $0 } == Array(repeating: false, count: 8))
  }
}
