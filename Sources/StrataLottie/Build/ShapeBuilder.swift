import Foundation
import Strata
import StrataPath

/// Builds the layers of a shape layer's items as lottie-ios's Core Animation engine does:
/// a layer per group carrying the group's transform and opacity, and a shape (or
/// gradient) layer per fill and stroke, drawing the paths before it in its group and the
/// groups before it, each mapped by the transforms of the groups between.
///
/// The order is Lottie's: an item earlier in a list is drawn above the later ones.
/// Modifiers apply to the paths before them: a trim after a path trims the strokes that
/// draw it (fills are never trimmed, as with `strokeStart`/`strokeEnd`), a repeater
/// repeats everything before it, offsets, pucker and bloat, zig-zags and merges change
/// the paths (ShapeBuilder+Modifiers.swift).
struct ShapeBuilder {
  let time: TimeMap
  let context: DecodeContext
  let layerName: String?
  /// The shape layer's place in the document, for the layer budget's error.
  let path: String

  /// A path item as a style sees it: the group transforms from its own group out to the
  /// style's, innermost first.
  struct Contribution: Sendable {
    enum Source: Sendable {
      case item(ShapeItem.PathItem)
      /// The paths before a merge paths item (modes 2 to 5), combined.
      case merged(MergedPaths)
    }
    var source: Source
    var transforms: [TransformModel]
    /// The trim of a group between the path and the style (the innermost non-empty one),
    /// which trims this path before the style draws it; nil: the style's own trim.
    var groupTrim: ShapeItem.Trim? = nil
    /// The radius of the round corners (`rd`) that apply to the path, if any.
    var roundCorners: Animated<[Double]>? = nil
    /// The offset, pucker and bloat and zig-zag modifiers after the path, in order.
    var modifiers: [ModifierStage] = []

    func path(at frame: Double, into path: inout StrataPath.Path) {
      guard modifiers.isEmpty, case .item(let item) = source else { return modifiedPath(at: frame, into: &path) }
      var b = item.bezier(at: frame)
      if let r = roundCorners?.value(at: frame)[0], r > 0, r.isFinite { b = b.roundingCorners(radius: r) }
      b.append(to: &path, matrix(0..<transforms.count, at: frame))
    }
  }

  /// A list of items and, for the lists around it, where the branch to it sits.
  struct Scope {
    var items: [ShapeItem]
    var outer: [(items: [ShapeItem], branch: Int)]
  }

  /// The layers for `scope`, bottom first.
  func layers(_ scope: Scope) throws(LottieError) -> [Layer] {
    let items = scope.items
    var out: [Layer] = []
    let repeaterIndex = items.lastIndex { if case .repeater = $0 { true } else { false } }
    let firstDrawn = repeaterIndex.map { $0 + 1 } ?? 0
    for j in stride(from: items.count - 1, through: firstDrawn, by: -1) {
      out += try layers(for: j, in: scope)
    }
    if let r = repeaterIndex, case .repeater(let rep) = items[r] {
      out += try repeated(rep, Scope(items: Array(items[..<r]), outer: scope.outer))
    }
    return out
  }

  private func layers(for j: Int, in scope: Scope) throws(LottieError) -> [Layer] {
    try context.countLayers(1, at: path)
    switch scope.items[j] {
    case .group(let g):
      let layer = Layer()
      layer.anchorPoint = .zero
      let transform = g.transform
      layer.drive(time) { l, f in
        l.transform = Transform3D(transform.matrix(at: f))
        l.opacity = transform.opacity(at: f)
      }
      for s in try layers(Scope(items: g.items, outer: scope.outer + [(scope.items, j)])) { layer.adopt(s) }
      return [layer]
    case .fill(let fill):
      let c = contributions(for: j, in: scope)
      guard !c.isEmpty else { return [] }
      let layer = ShapeLayer()
      layer.anchorPoint = .zero
      layer.strokeColor = nil
      layer.fillRule = fill.evenOdd ? .evenOdd : .nonZero
      let path = StylePath(c, time: time)
      layer.drive(time) { l, f in
        guard let s = l as? ShapeLayer else { return }
        s.path = path.at(f)
        s.fillColor = Paint.opaqueColor(fill.color.value(at: f))
        s.opacity = Paint.percent(fill.opacity.value(at: f))
      }
      return [layer]
    case .stroke(let stroke):
      return strokeLayers(scope, j, style: stroke.style) { l, f in
        l.strokeColor = Paint.opaqueColor(stroke.color.value(at: f))
        l.opacity = Paint.percent(stroke.style.opacity.value(at: f))
      }
    case .gradientFill(let g):
      let c = contributions(for: j, in: scope)
      guard !c.isEmpty else { return [] }
      return [GradientBuilder(time: time).fill(g, c)]
    case .gradientStroke(let g):
      let c = contributions(for: j, in: scope)
      guard !c.isEmpty else { return [] }
      return [GradientBuilder(time: time).stroke(g, c, trim: c[0].groupTrim ?? trim(for: j, in: scope))]
    default:
      return []
    }
  }

  /// The stroke layers of the style at `j`: one per run of paths with the same trim (a
  /// path in a group with a trim of its own is trimmed by it, the others by the style's),
  /// and one per path when a trim applies to each path on its own.
  private func strokeLayers(
    _ scope: Scope, _ j: Int, style: ShapeItem.StrokeStyle, paint: @escaping @Sendable (ShapeLayer, Double) -> Void
  ) -> [Layer] {
    let c = contributions(for: j, in: scope)
    guard !c.isEmpty else { return [] }
    let styleTrim = trim(for: j, in: scope)
    var groups: [(trim: ShapeItem.Trim?, paths: [Contribution])] = []
    for run in Self.runs(c) {
      let trim = run[0].groupTrim ?? styleTrim
      groups += trim.map { !$0.individually && run.count > 1 } == true ? run.map { (trim, [$0]) } : [(trim, run)]
    }
    return groups.reversed().map { (trim, part) in
      let layer = ShapeLayer()
      layer.anchorPoint = .zero
      layer.fillColor = nil
      let path = StylePath(part, time: time)
      layer.drive(time) { l, f in
        guard let s = l as? ShapeLayer else { return }
        Paint.applyStroke(style, to: s, at: f)
        paint(s, f)
        // Width 0 draws nothing in Apple's renders (a ShapeLayer's would be a hairline).
        if s.lineWidth <= 0 { s.strokeColor = nil }
        Self.applyTrim(trim, path: path.at(f), to: s, at: f)
      }
      return layer
    }
  }

  static func applyTrim(_ trim: ShapeItem.Trim?, path: StrataPath.Path, to s: ShapeLayer, at f: Double) {
    guard let trim else {
      s.path = path
      return
    }
    guard let r = Paint.trimRange(trim, at: f) else {
      s.path = path
      s.strokeStart = 0
      s.strokeEnd = 0
      return
    }
    var p = path
    if r.doubled { p.addPath(path) }
    s.path = p
    s.strokeStart = r.start
    s.strokeEnd = r.end
  }

  static func path(_ c: [Contribution], at f: Double) -> StrataPath.Path {
    var p = StrataPath.Path()
    for x in c { x.path(at: f, into: &p) }
    return p
  }

  /// The path a style draws: worked out once when nothing in it is animated (merges and
  /// offsets are booleans, not cheap), else at each frame.
  struct StylePath: Sendable {
    let contributions: [Contribution]
    let fixed: StrataPath.Path?

    init(_ c: [Contribution], time: TimeMap) {
      contributions = c
      fixed = c.contains { $0.isAnimated } ? nil : ShapeBuilder.path(c, at: time.frame(at: 0))
    }

    func at(_ frame: Double) -> StrataPath.Path { fixed ?? ShapeBuilder.path(contributions, at: frame) }
  }

  /// The path items before index `k` of `items`, those of groups before it included, each
  /// with the trim of the innermost group around it that has one (`groupTrim`).
  /// Round corners apply to the paths of their list and of the groups in it; the nearest
  /// list that has them wins. `round` is what applies from the lists around `items`.
  /// Modifiers and merges among the items apply to the paths before them
  /// (ShapeBuilder+Modifiers.swift).
  func contributions(
    _ items: [ShapeItem], before k: Int, transforms: [TransformModel], groupTrim: ShapeItem.Trim? = nil,
    round: Animated<[Double]>? = nil
  ) -> [Contribution] {
    var out: [Contribution] = []
    let round = Self.roundCorners(in: items) ?? round
    for item in items[..<k] {
      switch item {
      case .path(let p): out.append(Contribution(source: .item(p), transforms: transforms, groupTrim: groupTrim, roundCorners: round))
      case .group(let g):
        let own = Self.firstTrim(g.items, after: g.items.firstIndex(where: \.drawsPath) ?? g.items.count)
        out += contributions(
          g.items, before: g.items.count, transforms: [g.transform] + transforms, groupTrim: own ?? groupTrim, round: round)
      case .merge(let mode) where MergedPaths.combines(mode) && !out.isEmpty:
        out = [Contribution(merging: out, mode: mode, transforms: transforms, groupTrim: groupTrim)]
      default:
        if let m = PathModifier(item) { out.modify(m, in: transforms) }
      }
    }
    return out
  }

  /// The round corners of a list (the first, as lottie-ios takes them).
  static func roundCorners(in items: [ShapeItem]) -> Animated<[Double]>? {
    for case .roundCorners(let r) in items { return r }
    return nil
  }

  /// The contributions of the style at `j`: with the round corners of the lists around its
  /// own and the modifiers that apply to it (none when a merge after it takes its paths).
  func contributions(for j: Int, in scope: Scope) -> [Contribution] {
    guard !Self.isMergedAfter(j, in: scope) else { return [] }
    var round: Animated<[Double]>? = nil
    for (items, _) in scope.outer { round = Self.roundCorners(in: items) ?? round }
    return withModifiers(after: j, in: scope, contributions(scope.items, before: j, transforms: [], round: round))
  }

  /// Neighbouring contributions with the same group trim.
  static func runs(_ c: [Contribution]) -> [[Contribution]] {
    var out: [[Contribution]] = []
    for x in c {
      if let last = out.last?.last, last.groupTrim?.id == x.groupTrim?.id {
        out[out.count - 1].append(x)
      } else {
        out.append([x])
      }
    }
    return out
  }

  /// The trim that applies to the style at `k`: the first non-empty one (lottie-ios
  /// passes over a 0–100% trim) after a path it draws, in its own list or in a list
  /// around it after the branch to it.
  func trim(for k: Int, in scope: Scope) -> ShapeItem.Trim? {
    if let first = scope.items[..<k].firstIndex(where: \.drawsPath), let t = Self.firstTrim(scope.items, after: first) { return t }
    for (items, branch) in scope.outer.reversed() {
      if let t = Self.firstTrim(items, after: branch) { return t }
    }
    return nil
  }

  /// The first non-empty trim of `items` after index `i`.
  static func firstTrim(_ items: [ShapeItem], after i: Int) -> ShapeItem.Trim? {
    for (j, item) in items.enumerated() where j > i { if case .trim(let t) = item, !t.isEmpty { return t } }
    return nil
  }

  /// The most copies a repeater makes.
  static let maxCopies = 1000

  /// A repeater's copies of `scope`: copy k transformed by the repeater's transform k
  /// times (anchor, scale^k, rotation·k, position·k), its opacity going from the start to
  /// the end opacity.
  private func repeated(_ rep: ShapeItem.Repeater, _ scope: Scope) throws(LottieError) -> [Layer] {
    let maxCount = rep.copies.keys.map { $0.value[0] }.max() ?? 1
    let count = Int(min(max(maxCount.isFinite ? maxCount.rounded(.up) : 0, 0), Double(Self.maxCopies)))
    var copies: [Layer] = []
    for i in 0..<count {
      let layer = Layer()
      layer.anchorPoint = .zero
      layer.drive(time) { l, f in
        let n = rep.copies.value(at: f)[0]
        l.isHidden = !(Double(i) < n)
        let k = Double(i) + rep.offset.value(at: f)[0]
        let t = rep.transform
        let a = t.anchor.value(at: f), s = t.scale.value(at: f), p = t.position(at: f)
        let ax = a[safe: 0] ?? 0, ay = a[safe: 1] ?? 0
        var m = PathTransform(translationX: -ax, y: -ay)
        m = m.concatenating(PathTransform(scaleX: pow((s[safe: 0] ?? 100) / 100, k), y: pow((s[safe: 1] ?? 100) / 100, k)))
        m = m.concatenating(PathTransform(rotationAngle: t.rotation.value(at: f)[0] * k * .pi / 180))
        m = m.concatenating(PathTransform(translationX: ax + p.x * k, y: ay + p.y * k))
        l.transform = Transform3D(m)
        let so = Paint.percent(rep.startOpacity.value(at: f)), eo = Paint.percent(rep.endOpacity.value(at: f))
        l.opacity = n > 1 ? so + (eo - so) * Double(i) / max(n - 1, 1) : so
      }
      try context.countLayers(1, at: path)
      for s in try layers(scope) { layer.adopt(s) }
      copies.append(layer)
    }
    return rep.above ? copies : copies.reversed()
  }
}

extension Transform3D {
  /// The 3D form of a 2D affine map (`CATransform3DMakeAffineTransform`).
  init(_ m: PathTransform) {
    self.init(
      m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0,
      m41: m.tx, m42: m.ty, m43: 0, m44: 1)
  }
}
