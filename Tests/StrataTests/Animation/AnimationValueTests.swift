import Foundation
import Testing

@testable import Strata

@Suite struct AnimationValueTests {
  static func close(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9) -> Bool {
    zip(a.values, b.values).allSatisfy { abs($0 - $1) < tol }
  }

  @Test(arguments: [
    Transform3D.identity,
    .rotation(0.7, 0, 0, 1),
    .rotation(2.9, 1, 2, 3).concatenating(.translation(10, -4, 3)),
    Transform3D.scale(2, 0.5, 1.5).concatenating(.rotation(-1.2, 0, 1, 0)).concatenating(.translation(5, 6, 7)),
    Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0.4, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 3, m42: 0, m43: 0, m44: 1),
    Transform3D.rotation(0.5, 0, 1, 0).concatenating(.translation(20, 10, 0)).concatenating(.perspective(500)),
    Transform3D.scale(-1, 1),
  ])
  func decompositionRecomposesTheMatrix(_ t: Transform3D) throws {
    let d = try #require(DecomposedTransform(t))
    #expect(Self.close(d.transform, t), "\(d.transform) != \(t)")
  }

  /// Through a 180° turn the decomposition keeps a rotation of unit scale all the way
  /// (a matrix blend would shrink through zero at the middle).
  @Test func transformInterpolationThroughA180DegreeRotation() {
    let from = Transform3D.identity, to = Transform3D.rotation(.pi, 0, 0, 1)
    for f in stride(from: 0.0, through: 1.0, by: 0.125) {
      let m = Transform3D.interpolate(from, to, f)
      let angle = f * .pi
      // A rotation about z by f·180°, in one direction or the other: both arcs are
      // equally short, so Core Animation's choice is not observable beyond this.
      #expect(abs(m.m11 - cos(angle)) < 1e-9, "f = \(f): \(m)")
      #expect(abs(abs(m.m12) - sin(angle)) < 1e-9 && abs(m.m21 + m.m12) < 1e-9)
      #expect(abs(m.determinant - 1) < 1e-9 && m.m33 == 1)
    }
    // The same turn through the scalar sub-path is exact and clockwise on screen.
    let l = Layer()
    l.add(BasicAnimation(keyPath: "transform.rotation.z", from: 0, to: Double.pi, duration: 1), forKey: "r")
    #expect(Self.close(l.presentation(at: 0.5).transform, .rotation(.pi / 2, 0, 0, 1)))
    #expect(Self.close(l.presentation(at: 0.25).transform, .rotation(.pi / 4, 0, 0, 1)))
  }

  @Test func transformInterpolationBlendsTranslationAndScale() {
    let a = Transform3D.translation(10, 0), b = Transform3D.scale(3, 3).concatenating(.translation(30, 20))
    let m = Transform3D.interpolate(a, b, 0.5)
    #expect(Self.close(m, Transform3D.scale(2, 2).concatenating(.translation(20, 10))))
  }

  @Test func subPathsReadAndWriteComponents() {
    let l = Layer()
    l.transform = Transform3D.scale(2, 2).concatenating(.rotation(0.5, 0, 0, 1)).concatenating(.translation(7, 8))
    let rz = AnimatableKeyPath.transformRotationZ
    #expect(abs(rz.value(in: l).components[0] - 0.5) < 1e-12)
    rz.set(1, in: l)
    // The rotation is replaced; scale and translation stay.
    #expect(Self.close(l.transform, Transform3D.scale(2, 2).concatenating(.rotation(1, 0, 0, 1)).concatenating(.translation(7, 8))))
    AnimatableKeyPath.transformScale.set(3, in: l)
    #expect(abs(AnimatableKeyPath.transformScaleX.value(in: l).components[0] - 3) < 1e-12)
    #expect(AnimatableKeyPath.transformTranslation.value(in: l) == .size(Size(7, 8)))
    for (path, value) in [("bounds.size.width", 40.0), ("position.x", 12), ("shadowOffset.height", 5), ("contentsRect.origin.y", 0.5)] {
      AnimatableKeyPath(path)?.set(.number(value), in: l)
    }
    #expect(l.bounds.width == 40 && l.position.x == 12 && l.shadowOffset.height == 5 && l.contentsRect.origin.y == 0.5)
    let misspelt = "transform.rotaton.z", colour = "backgroundColor"
    #expect(AnimatableKeyPath(misspelt) == nil)
    #expect(AnimatableKeyPath(colour)?.kind == .color)
  }

  @Test func basicAnimationCombinesFromToAndBy() {
    let k: AnimatableKeyPath = "opacity"
    let base = AnimationValue.number(0.5)
    func ends(_ f: Double?, _ t: Double?, _ b: Double?) -> [Double] {
      let a = BasicAnimation(keyPath: k, from: f, to: t, by: b)
      let e = a.endpoints(base: base)
      return [e.from.components[0], e.to.components[0]]
    }
    #expect(ends(0.1, 0.9, nil) == [0.1, 0.9])
    #expect(ends(0.1, nil, 0.2) == [0.1, 0.1 + 0.2])
    #expect(ends(nil, 0.9, 0.2) == [0.9 - 0.2, 0.9])
    #expect(ends(0.1, nil, nil) == [0.1, 0.5])
    #expect(ends(nil, 0.9, nil) == [0.5, 0.9])
    #expect(ends(nil, nil, 0.2) == [0.5, 0.7])
    #expect(ends(nil, nil, nil) == [0.5, 0.5])
  }

  @Test func additiveAnimationsAddToTheValueBelow() {
    let l = Layer()
    l.position = Point(100, 100)
    let a = BasicAnimation(keyPath: "position", from: Point.zero, to: Point(10, 20), duration: 1)
    a.isAdditive = true
    l.add(a, forKey: "shake")
    #expect(l.presentation(at: 0.5).position == Point(105, 110))
  }

  @Test func coloursInterpolateComponentwise() {
    let l = Layer()
    l.add(BasicAnimation(keyPath: "backgroundColor", from: Color(1, 0, 0), to: Color(0, 0, 1, 0), duration: 2), forKey: "c")
    #expect(l.presentation(at: 1).backgroundColor == Color(0.5, 0, 0.5, 0.5))
  }
}
