import Strata
import Testing

@testable import StrataRender

/// `GradientLayer`'s compile step: what it draws and what it refuses, in the text form.
@Suite struct GradientLayerCompileTests {
  static func text(_ configure: (GradientLayer) -> Void) -> String {
    let g = GradientLayer(frame: Rect(10, 10, 40, 20))
    g.colors = [Color(1, 0, 0), Color(0, 0, 1)]
    configure(g)
    let root = Layer(frame: Rect(0, 0, 64, 64))
    try! root.addSublayer(g)
    return RenderListCompiler(width: 64, height: 64, background: .clear).compile(root.snapshot()).textDescription
  }

  static func paint(_ configure: (GradientLayer) -> Void) -> Paint? {
    let g = GradientLayer(frame: Rect(0, 0, 40, 20))
    g.colors = [Color(1, 0, 0), Color(0, 0, 1)]
    configure(g)
    return (g.kindSnapshot() as? GradientLayer.Snapshot)?.paint(unitRect: g.bounds)
  }

  static func stops(_ p: Paint?) -> [GradientStop]? {
    if case .gradient(let g)? = p { return g.stops }
    return nil
  }

  @Test func oneGradientDrawFillsTheLayerShape() {
    let t = Self.text { $0.cornerRadius = 5 }
    // Above the background (none here), in the layer's plane (moved by 10, 10), the
    // bounds as the unit square, clipped to the rounded shape without masksToBounds.
    let draws = t.split(separator: "\n").filter { $0.hasPrefix("draw") }
    #expect(draws == [
      "draw gradient gradient rect (0 0 40 20) rounded 5 5 5 5 gradient axial 0.5 0 to 0.5 1 in (0 0 40 20) stops 0 #FF0000FF, 1 #0000FFFF map [1 0 10 0 1 10] pixels [10 10 50 30]"
    ], "\(t)")
    guard case .gradient(let g)? = Self.paint({ $0.type = .radial }) else { Issue.record("no gradient"); return }
    #expect(g.kind == .radial && g.unitRect == Rect(0, 0, 40, 20) && g.stops.map(\.location) == [0, 1])
  }

  @Test func whatDrawsNothing() {
    #expect(Self.paint { $0.locations = [0, 0.5, 1] } == nil)  // count differs from the colours
    #expect(Self.paint { $0.colors = [] } == nil)
    #expect(Self.paint { $0.colors = [.clear, Color(1, 0, 0, 0)] } == nil)  // nothing visible
    #expect(Self.paint { $0.startPoint = Point(.nan, 0) } == nil)
    #expect(Self.paint { $0.bounds = Rect(0, 0, 0, 20) } == nil)
  }

  /// The choices where Core Animation leaves the result undefined: a location below the one
  /// before it counts as that one; locations outside 0…1 are kept; components are clamped;
  /// one colour is a solid fill.
  @Test func undefinedCasesFollowTheDocumentedChoices() {
    #expect(Self.stops(Self.paint { $0.colors = [.black, .white, .black]; $0.locations = [0.2, 0.1, 0.9] })?.map(\.location) == [0.2, 0.2, 0.9])
    #expect(Self.stops(Self.paint { $0.locations = [-0.5, 1.5] })?.map(\.location) == [-0.5, 1.5])
    #expect(Self.stops(Self.paint { $0.colors = [Color(1.5, -1, 0.5, 2), .white] })?.first?.color == Color(1, 0, 0.5, 1))
    guard case .solid(let c)? = Self.paint({ $0.colors = [Color(1, 0, 0, 0.5)] }) else { Issue.record("not solid"); return }
    #expect(c == Color(1, 0, 0, 0.5).premultiplied)
  }
}
