import Foundation
import Strata
import StrataPath

/// A Lottie transform (a layer's `ks`, a group's `tr`, a repeater's `tr`): anchor,
/// position (one property or separated x/y), scale in percent, rotation in degrees
/// (clockwise on screen), opacity in percent, skew and skew axis in degrees.
struct TransformModel: Sendable {
  var anchor = Animated<[Double]>([0, 0])
  var position = Animated<[Double]>([0, 0])
  /// Separated position (`p.s: true`): x and y animate on their own.
  var positionX: Animated<[Double]>? = nil
  var positionY: Animated<[Double]>? = nil
  var scale = Animated<[Double]>([100, 100])
  var rotation = Animated<[Double]>([0])
  var opacity = Animated<[Double]>([100])
  var skew = Animated<[Double]>([0])
  var skewAxis = Animated<[Double]>([0])
  /// 3D layers (`ddd`): rotation about x and y (`rx`, `ry`; `rz` is `rotation`) and
  /// orientation (`or`, degrees about x, y and z), nil where the file has none.
  var rotationX: Animated<[Double]>? = nil
  var rotationY: Animated<[Double]>? = nil
  var orientation: Animated<[Double]>? = nil
  /// Auto-orient (`ao`): the layer turns with its motion path.
  var autoOrient = false

  /// Whether the transform turns out of the plane: its layer needs `matrix3D`.
  var isThreeDimensional: Bool { rotationX != nil || rotationY != nil || orientation != nil }

  var isAnimated: Bool {
    [anchor, position, scale, rotation, skew, skewAxis].contains { $0.isAnimated } || positionX?.isAnimated == true
      || positionY?.isAnimated == true
  }

  /// Lottie's matrix at `frame`, as lottie-ios builds it (`CATransform3D.makeTransform`):
  /// translate by −anchor, scale, skew, rotate, then translate to the position; a point of
  /// the layer maps to `matrix.apply(point)` in its parent.
  func matrix(at frame: Double) -> PathTransform {
    let a = anchor.value(at: frame), s = scale.value(at: frame)
    let p = position(at: frame)
    var r = rotation.value(at: frame)[0] * .pi / 180
    if autoOrient, let angle = motionAngle(at: frame) { r += angle }
    var m = PathTransform(translationX: -(a[safe: 0] ?? 0), y: -(a[safe: 1] ?? 0))
    m = m.concatenating(PathTransform(scaleX: (s[safe: 0] ?? 100) / 100, y: (s[safe: 1] ?? 100) / 100))
    let sk = skew.value(at: frame)[0]
    if sk != 0 {
      // lottie-ios's `skewed(skew: -sk, skewAxis: sa)`: rotate by −axis, shear, rotate back.
      let axis = skewAxis.value(at: frame)[0] * .pi / 180
      let t = tan(-sk * .pi / 180)
      let c = cos(axis), sn = sin(axis)
      let toAxis = PathTransform(a: c, b: -sn, c: sn, d: c, tx: 0, ty: 0)
      let shear = PathTransform(a: 1, b: 0, c: t, d: 1, tx: 0, ty: 0)
      let back = PathTransform(a: c, b: sn, c: -sn, d: c, tx: 0, ty: 0)
      m = m.concatenating(toAxis).concatenating(shear).concatenating(back)
    }
    if r != 0 { m = m.concatenating(PathTransform(rotationAngle: r)) }
    return m.concatenating(PathTransform(translationX: p.x, y: p.y))
  }

  /// The transform at `frame` in 3D, for layers that turn out of the plane: as `matrix`,
  /// with the rotations about z, y and x, then the orientation's (z, y, x), between the
  /// skew and the move to the position, in the order After Effects and lottie-web apply
  /// them. Core Animation draws it without perspective, as lottie-ios's layers do.
  func matrix3D(at frame: Double) -> Transform3D {
    let a = anchor.value(at: frame), s = scale.value(at: frame)
    let p = position(at: frame)
    var m = Transform3D.translation(-(a[safe: 0] ?? 0), -(a[safe: 1] ?? 0), -(a[safe: 2] ?? 0))
    m = m.concatenating(.scale((s[safe: 0] ?? 100) / 100, (s[safe: 1] ?? 100) / 100, (s[safe: 2] ?? 100) / 100))
    let sk = skew.value(at: frame)[0]
    if sk != 0 {
      // The plane's skew of `matrix`, alone.
      var flat = TransformModel()
      flat.skew = skew
      flat.skewAxis = skewAxis
      m = m.concatenating(Transform3D(flat.matrix(at: frame)))
    }
    func degrees(_ v: Double?) -> Double { (v ?? 0) * .pi / 180 }
    var rz = rotation.value(at: frame)[0] * .pi / 180
    if autoOrient, let angle = motionAngle(at: frame) { rz += angle }
    let o = orientation?.value(at: frame) ?? []
    m = m.concatenating(.rotation(rz, 0, 0, 1))
    m = m.concatenating(.rotation(-degrees(rotationY?.value(at: frame)[0]), 0, 1, 0))
    m = m.concatenating(.rotation(degrees(rotationX?.value(at: frame)[0]), 1, 0, 0))
    m = m.concatenating(.rotation(degrees(o[safe: 2]), 0, 0, 1))
    m = m.concatenating(.rotation(-degrees(o[safe: 1]), 0, 1, 0))
    m = m.concatenating(.rotation(degrees(o[safe: 0]), 1, 0, 0))
    let pz = position.value(at: frame)[safe: 2] ?? 0
    return m.concatenating(.translation(p.x, p.y, positionX == nil ? pz : 0))
  }

  func position(at frame: Double) -> PathPoint {
    if let x = positionX, let y = positionY { return PathPoint(x.value(at: frame)[0], y.value(at: frame)[0]) }
    let p = position.value(at: frame)
    return PathPoint(p[safe: 0] ?? 0, p[safe: 1] ?? 0)
  }

  /// The direction of motion at `frame`, for auto-orient: from a small step along the
  /// position path (nil where it does not move).
  private func motionAngle(at frame: Double) -> Double? {
    let times = positionX?.times ?? position.times
    guard times.count > 1, let first = times.first, let last = times.last else { return nil }
    let f = min(max(frame, first), last)
    let h = 0.01
    let a = position(at: max(first, f - h)), b = position(at: min(last, f + h))
    let d = b - a
    guard d.length > 1e-9 else { return nil }
    return atan2(d.y, d.x)
  }

  func opacity(at frame: Double) -> Double { min(max(opacity.value(at: frame)[0] / 100, 0), 1) }
}

extension Node {
  /// A transform object (`ks` or `tr`).
  func transform(layer: String?) throws(LottieError) -> TransformModel {
    let o = try object()
    var t = TransformModel()
    if let a = o["a"] { t.anchor = try a.vector(layer: layer) }
    if let p = o["p"] {
      if try p.bool("s") {
        t.positionX = try p.required("x").scalar(layer: layer)
        t.positionY = try p.required("y").scalar(layer: layer)
      } else {
        t.position = try p.vector(layer: layer, spatial: true)
      }
    }
    if let s = o["s"] { t.scale = try s.vector(layer: layer) }
    if let r = o["r"] ?? o["rz"] { t.rotation = try r.scalar(layer: layer) }
    func turns(_ a: Animated<[Double]>) -> Bool { a.keys.contains { $0.value.contains { $0 != 0 } } }
    if let n = o["rx"] { t.rotationX = try n.scalar(layer: layer) }
    if let n = o["ry"] { t.rotationY = try n.scalar(layer: layer) }
    if let n = o["or"] { t.orientation = try n.vector(layer: layer) }
    if let x = t.rotationX, !turns(x) { t.rotationX = nil }
    if let y = t.rotationY, !turns(y) { t.rotationY = nil }
    if let or = t.orientation, !turns(or) { t.orientation = nil }
    if let op = o["o"] { t.opacity = try op.scalar(layer: layer) }
    if let sk = o["sk"] { t.skew = try sk.scalar(layer: layer) }
    if let sa = o["sa"] { t.skewAxis = try sa.scalar(layer: layer) }
    return t
  }
}

extension Array {
  subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
