@testable import Strata
import StrataPath
import Testing

/// `path` animates element by element when both paths have the same elements, and jumps to
/// the new path otherwise; it is never animated implicitly.
@Suite struct PathAnimationTests {
  let a = try! StrataPath.Path(svgPathData: "M0 0 L10 0 L10 10 Z")
  let b = try! StrataPath.Path(svgPathData: "M20 0 L30 20 L10 30 Z")
  let c = try! StrataPath.Path(svgPathData: "M0 0 C5 5 10 5 10 0 Z")

  @Test func matchingPathsInterpolatePointByPoint() {
    let mid = AnimationValue.path(a).interpolated(to: .path(b), 0.5)
    #expect(mid == .path(try! StrataPath.Path(svgPathData: "M10 0 L20 10 L10 20 Z")))
  }

  @Test func differentElementsJumpToTheNewPath() {
    #expect(AnimationValue.path(a).interpolated(to: .path(c), 0) == .path(a))
    #expect(AnimationValue.path(a).interpolated(to: .path(c), 0.01) == .path(c))
  }

  @Test func aShapeLayersPathAnimatesExplicitlyOnly() throws {
    let layer = ShapeLayer()
    layer.path = a
    let anim = BasicAnimation(keyPath: "path")
    anim.fromValue = a
    anim.toValue = b
    anim.duration = 2
    layer.add(anim, forKey: "morph")
    let p = layer.presentation(at: 1)
    #expect((p as? ShapeLayer)?.path == (try StrataPath.Path(svgPathData: "M10 0 L20 10 L10 20 Z")))
    let kp = AnimatableKeyPath("path")
    #expect(kp.kind == .path)
    #expect(!LayerKinds.implicitPaths(for: ShapeLayer.self).contains(kp))
    #expect(LayerKinds.implicitPaths(for: ShapeLayer.self).contains(AnimatableKeyPath("strokeEnd")))
  }
}
