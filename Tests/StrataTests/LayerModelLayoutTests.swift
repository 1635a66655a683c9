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

  @Test func layersThatSetNoRarePropertyShareOneBox() {
    let a = Layer(), b = Layer()
    a.bounds = Rect(0, 0, 10, 10)
    a.opacity = 0.5
    #expect(a.model.rare === LayerModel.Rare.defaults && b.model.rare === LayerModel.Rare.defaults)
    #expect(a.model.transformBox == nil)
    // Setting a rare property to the value it has keeps the box; another value makes one,
    // without touching the shared defaults or another layer.
    a.shadowOpacity = 0
    #expect(a.model.rare === LayerModel.Rare.defaults)
    a.shadowOpacity = 0.75
    a.borderColor = Color(1, 0, 0, 1)
    #expect(a.model.rare !== LayerModel.Rare.defaults)
    #expect(a.shadowOpacity == 0.75 && a.borderColor == Color(1, 0, 0, 1))
    #expect(b.shadowOpacity == 0 && b.borderColor == .black && LayerModel.Rare.defaults.fields.shadowOpacity == 0)
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
}
