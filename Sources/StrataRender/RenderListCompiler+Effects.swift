import StrataPath
import Strata

extension RenderListCompiler.State {
  /// Whether a layer's composited alpha is just its background's rounded rectangle, so
  /// its shadow can be drawn analytically: no contents, no visible sublayers, no mask or
  /// filters, and a border (if any) over an opaque background.
  static func isPlainRoundedRect(_ l: LayerSnapshot) -> Bool {
    guard let bg = l.backgroundColor, bg.alpha > 0, l.contents == nil, !l.hasKindSnapshot, l.mask == nil, l.filters.isEmpty,
      l.cornerCurve == .circular, l.sublayers.allSatisfy({ $0.isHidden || $0.opacity <= 0 })
    else { return false }
    return l.borderWidth <= 0 || l.borderColor.alpha <= 0 || bg.alpha >= 1
  }

  /// Core Animation's `shadowRadius` is about twice the Gaussian's standard deviation
  /// (the peers' scenes use the same rule).
  static func shadowSigma(radius: Double) -> Double { max(radius, 0) / 2 }

  /// The shadow of a plain rounded rectangle, in its own plane: the shape offset by
  /// `shadowOffset` and blurred analytically. The body drawn next occludes the middle when
  /// it is composited source-over (`bodyCovers`): with another blend mode the body is
  /// blended with what lies behind it, its own shadow included (strata-fuzz seed 2046: a
  /// layer with `differenceBlendMode` was differenced with the background instead of its
  /// shadow on the CPU, which skipped the occluded shadow pixels).
  mutating func addAnalyticShadow(
    _ layer: LayerSnapshot, map: PlaneMap, bounds: Rect, radii: CornerRadii, opacity: Double, clip: Int?,
    bodyCovers: Bool = true
  ) {
    guard !bounds.isEmpty else { return }
    let sigma = Self.shadowSigma(radius: layer.shadowRadius)
    let shape = bounds.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
    let reach = 3 * sigma + 1 / max(Self.linearScale(map, at: Point(x: bounds.midX, y: bounds.midY)), 1e-9)
    let area = shape.insetBy(dx: -reach, dy: -reach)
    let alpha = (layer.backgroundColor?.alpha ?? 1) * layer.shadowOpacity
    let color = layer.shadowColor.premultiplied.scaled(by: min(max(alpha, 0), 1))
    // The body covers the shadow where it is opaque and hard-edged inside: one device pixel
    // in from its outline (two, to be safe at corners).
    var occluder: Occluder? = nil
    if bodyCovers, let bg = layer.backgroundColor, bg.alpha >= 1, opacity >= 1 {
      let inset = 2 / max(Self.linearScale(map, at: Point(x: bounds.midX, y: bounds.midY)), 1e-9)
      if bounds.width > 2 * inset, bounds.height > 2 * inset {
        occluder = Occluder(rect: bounds.insetBy(dx: inset, dy: inset), radii: radii)
      }
    }
    let label = layer.name.map { "\"\($0)\"" } ?? layer.typeName
    // Drawn from a cached mask at the draw's device density; a mask too large for the
    // cache is evaluated per pixel instead.
    let density = max(Self.linearScale(map, at: Point(x: bounds.midX, y: bounds.midY)), 1e-3)
    let key = ShadowMaskCache.Key(
      areaWidth: area.width, areaHeight: area.height,
      shape: Rect(x: shape.minX - area.minX, y: shape.minY - area.minY, width: shape.width, height: shape.height),
      radii: radii, sigma: sigma, density: (density * 64).rounded() / 64)
    if let mask = ShadowMaskCache.shared.mask(key) {
      let sx = Double(mask.width) / area.width, sy = Double(mask.height) / area.height
      var paint = ImagePaint(
        image: mask, texelMap: AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: -area.minX * sx, ty: -area.minY * sy),
        minificationFilter: .linear, magnificationFilter: .linear, minificationFilterBias: 0, tint: color)
      paint.isMask = true
      // The body hides the middle of its shadow: in an affine plane, draw only the strips
      // around the rows of the body free of corners.
      var pieces = [area]
      var omitted: Rect? = nil
      if let o = occluder, map.toDevice.isAffine {
        let r = max(radii.topLeft, radii.topRight, radii.bottomLeft, radii.bottomRight)
        let hidden = Rect(x: o.rect.minX, y: o.rect.minY + r, width: o.rect.width, height: o.rect.height - 2 * r)
        if hidden.width > 0, hidden.height > 0, let h = hidden.intersection(area) {
          pieces = [
            Rect(x: area.minX, y: area.minY, width: area.width, height: h.minY - area.minY),
            Rect(x: area.minX, y: h.maxY, width: area.width, height: area.maxY - h.maxY),
            Rect(x: area.minX, y: h.minY, width: h.minX - area.minX, height: h.height),
            Rect(x: h.maxX, y: h.minY, width: area.maxX - h.maxX, height: h.height),
          ].filter { $0.width > 0 && $0.height > 0 }
          omitted = h
        }
      }
      for (i, piece) in pieces.enumerated() {
        var o = occluder
        if i == 0 { o?.omitted = omitted }
        addDraw(label: label, part: "shadow", map: map, rect: piece, shape: .rect, paint: .image(paint), opacity: opacity,
                clip: clip, edges: [], occluder: o)
      }
    } else {
      addDraw(
        label: label, part: "shadow", map: map, rect: area,
        shape: .shadow(shape: shape, radii: radii, sigma: sigma), paint: .solid(color), opacity: opacity,
        clip: clip, edges: [], occluder: occluder)
    }
  }

  mutating func addBackdrop(label: String, map: PlaneMap, rect: Rect, radii: CornerRadii, filters: [DeviceFilter], clip: Int?) {
    let poly = DevicePolygon.project(rect, map.toDevice)
    guard poly.count >= 3 else { return }
    var bounds = DevicePolygon.pixelBounds(poly, pad: 1, canvas: canvas)
    if let c = clip { bounds = bounds.intersection(list.clips[c].deviceBounds) }
    guard !bounds.isEmpty else { return }
    var reach = 0
    for case .blur(let s) in filters { reach += Int(saturating: (3 * s).rounded(.up)) + 1 }
    let read = PixelBounds(x0: bounds.x0 - reach, y0: bounds.y0 - reach, x1: bounds.x1 + reach, y1: bounds.y1 + reach)
      .intersection(canvas)
    list.commands.append(
      .backdrop(Backdrop(label: label, map: map, rect: rect, radii: radii, filters: filters, clip: clip, bounds: bounds, readBounds: read)))
  }

  /// Device pixels per layer unit near `p` (the geometric mean of the two axes' stretch).
  static func linearScale(_ map: PlaneMap, at p: Point) -> Double {
    let h = map.toDevice
    guard let c = h.apply(p), let x = h.apply(Point(x: p.x + 1, y: p.y)), let y = h.apply(Point(x: p.x, y: p.y + 1))
    else { return 1 }
    let ax = (x.x - c.x, x.y - c.y), ay = (y.x - c.x, y.y - c.y)
    let area = abs(ax.0 * ay.1 - ax.1 * ay.0)
    return area.isFinite && area > 0 ? area.squareRoot() : 1
  }

  /// A layer-plane offset at `p` in device pixels.
  static func deviceOffset(_ map: PlaneMap, at p: Point, _ o: Size) -> Point {
    guard let a = map.toDevice.apply(p), let b = map.toDevice.apply(Point(x: p.x + o.width, y: p.y + o.height)) else {
      return .zero
    }
    return Point(x: b.x - a.x, y: b.y - a.y)
  }

  static func deviceFilter(_ f: LayerFilter, _ scale: Double) -> DeviceFilter {
    switch f {
    case .gaussianBlur(let r): .blur(sigma: Blur.clamped(sigma: max(r, 0) * scale))
    case .colorMatrix(let m): .colorMatrix(m)
    }
  }
}

extension Rect {
  func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }
}
