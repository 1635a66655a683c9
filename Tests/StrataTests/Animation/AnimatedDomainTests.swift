import Foundation
import Strata
import Testing

/// Values animations produce at time t obey the domains values from files obey
/// (`Layer.clampAnimatedValues`), and cumulative animations are evaluated in closed form.
@Suite(.timeLimit(.minutes(1))) struct AnimatedDomainTests {
  func animate(_ layer: Layer, _ keyPath: String, from: Double, to: Double) {
    let a = BasicAnimation(keyPath: AnimatableKeyPath(keyPath)!)
    a.fromValue = from
    a.toValue = to
    a.duration = 1
    layer.add(a, forKey: keyPath)
  }

  @Test func outOfDomainAnimatedValuesAreClamped() {
    let layer = Layer()
    layer.bounds = Rect(0, 0, 10, 10)
    animate(layer, "opacity", from: 0, to: 6)  // 3 at t = 0.5
    animate(layer, "shadowRadius", from: 0, to: -20)  // -10
    animate(layer, "cornerRadius", from: 0, to: -8)
    animate(layer, "borderWidth", from: 0, to: -8)
    animate(layer, "shadowOpacity", from: 0, to: -2)
    animate(layer, "bounds.size.width", from: 10, to: -30)  // -10
    let p = layer.presentation(at: 0.5)
    #expect(p.opacity == 1 && p.shadowRadius == 0 && p.cornerRadius == 0 && p.borderWidth == 0 && p.shadowOpacity == 0)
    #expect(p.bounds.width == 0 && p.bounds.height == 10)
    // Inside the domain nothing changes: half way from 0 to 0.8 is 0.4.
    let q = Layer()
    animate(q, "opacity", from: 0, to: 0.8)
    #expect(q.presentation(at: 0.5).opacity == 0.4)
  }

  @Test func kindPropertiesAreClampedToo() {
    let shape = ShapeLayer()
    animate(shape, "lineWidth", from: 0, to: -4)
    animate(shape, "strokeEnd", from: 1, to: 5)
    let text = TextLayer()
    text.fontSize = 12
    animate(text, "fontSize", from: 12, to: -100)
    let s = shape.presentation(at: 0.5) as! ShapeLayer, t = text.presentation(at: 0.5) as! TextLayer
    #expect(s.lineWidth == 0 && s.strokeEnd == 1)
    #expect(t.fontSize == 12)
  }

  /// An animation whose arithmetic overflows to infinity leaves the value beneath it.
  @Test func nonFiniteAnimatedValuesAreNotWritten() {
    let layer = Layer()
    layer.position = Point(3, 4)
    animate(layer, "position.x", from: -Double.greatestFiniteMagnitude, to: Double.greatestFiniteMagnitude)
    // (max − (−max)) overflows: the interpolation is not finite at t = 0.5.
    #expect(layer.presentation(at: 0.5).position.x == 3)
  }

  /// A cumulative animation in its two-billionth repeat: closed form, instant (a loop over
  /// the repeats took minutes), and exactly n × the end value plus the cycle's value.
  @Test func cumulativeRepeatsAreClosedForm() {
    let layer = Layer()
    let a = BasicAnimation(keyPath: "position.x")
    a.fromValue = 0
    a.toValue = 2
    a.duration = 1e-9
    a.isCumulative = true
    a.repeatCount = 1e308
    layer.add(a, forKey: "run")
    // Iterations are counted up to Int32.max (MediaTiming); at t = 10, 1e10 cycles in.
    let x = layer.presentation(at: 10).position.x
    #expect(abs(x - 2 * Double(Int32.max)) <= 2, "\(x)")
    // Transforms add by concatenation: 2^31 − 1 turns of 1e-9 rad about z.
    let t = Layer()
    let r = BasicAnimation(keyPath: "transform.rotation.z")
    r.fromValue = 0
    r.toValue = 1e-9
    r.duration = 1e-9
    r.isCumulative = true
    r.repeatCount = 1e308
    t.add(r, forKey: "spin")
    let m = t.presentation(at: 10).transform
    let angle = 1e-9 * Double(Int32.max)  // about 2.147 rad
    #expect(abs(m.m11 - cos(angle)) < 1e-3 && abs(m.m12 - sin(angle)) < 1e-3, "\(m)")
  }
}
