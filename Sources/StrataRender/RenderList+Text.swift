import Strata

/// A stable, rounded text form of a render list, one line per clip and draw, for snapshot
/// tests of the compile step. Numbers are rounded to 3 decimals (negative zero printed as 0).
extension RenderList {
  public var textDescription: String {
    var lines = ["canvas \(width)x\(height) background \(background.hexString)"]
    for (i, c) in clips.enumerated() {
      var l = "clip #\(i) rect \(fmt(c.rect))"
      if let p = c.polygon { l += " polygon [\(p)]" }
      if !c.radii.isZero { l += " radii \(fmt(c.radii))" }
      if c.curve != .circular { l += " curve \(c.curve.rawValue)" }
      if let p = c.parent { l += " parent #\(p)" }
      l += " map \(fmt(c.map.toDevice)) pixels \(c.deviceBounds)"
      if c.isPixelAligned { l += " aligned" }
      lines.append(l)
    }
    var indent = ""
    for cmd in commands {
      switch cmd {
      case .beginGroup(let g):
        var l = indent + "group \(g.label) [\(g.reasons.joined(separator: ","))] pixels \(g.bounds)"
        if g.opacity != 1 { l += " opacity \(fmt(g.opacity))" }
        if g.blendMode != .sourceOver { l += " blend \(g.blendMode.rawValue)" }
        if g.maskMode != .alpha { l += " mask \(g.maskMode.rawValue)" }
        if let c = g.clip { l += " clip #\(c)" }
        for f in g.filters { l += " filter \(fmt(f))" }
        if let s = g.shadow {
          l += " shadow \(s.color.hexString) offset \(fmt([s.dx, s.dy])) sigma \(fmt(s.sigma)) pixels \(s.bounds)"
          if let c = s.clip { l += " clip #\(c)" }
        }
        lines.append(l)
        indent += "  "
      case .beginMask:
        lines.append(indent + "mask")
        indent += "  "
      case .endMask:
        indent.removeLast(2)
        lines.append(indent + "end mask")
      case .endGroup:
        indent.removeLast(2)
        lines.append(indent + "end group")
      case .backdrop(let b):
        var l = indent + "backdrop \(b.label) rect \(fmt(b.rect))"
        if !b.radii.isZero { l += " radii \(fmt(b.radii))" }
        for f in b.filters { l += " filter \(fmt(f))" }
        if let c = b.clip { l += " clip #\(c)" }
        l += " map \(fmt(b.map.toDevice)) pixels \(b.bounds) reads \(b.readBounds)"
        lines.append(l)
      case .sprites(let b):
        var l = indent + "sprites \(b.label) \(b.sprites.count) of image \(b.image.width)x\(b.image.height)"
        l += " filter \(b.minificationFilter.rawValue)/\(b.magnificationFilter.rawValue)"
        if b.blendMode != .sourceOver { l += " blend \(b.blendMode.rawValue)" }
        if b.opacity != 1 { l += " opacity \(fmt(b.opacity))" }
        if let c = b.clip { l += " clip #\(c)" }
        l += " map \(fmt(b.map.toDevice)) pixels \(b.deviceBounds)"
        lines.append(l)
        for s in b.sprites {
          let t = s.transform
          lines.append(indent + "  sprite [\(fmt([t.a, t.b, t.c, t.d, t.tx, t.ty]))] texels \(fmt(s.texels)) color \(s.color.hexString)")
        }
      case .draw(let d):
        var l = indent + "draw \(d.label) \(d.part) rect \(fmt(d.rect))"
        switch d.shape {
        case .rect: break
        case .roundedRect(let r): l += " rounded \(fmt(r))"
        case .shadow(let shape, let r, let sigma):
          l += " shadow of \(fmt(shape))"
          if !r.isZero { l += " radii \(fmt(r))" }
          l += " sigma \(fmt(sigma))"
        case .ring(let o, let inner, let ir):
          l += " ring"
          if !o.isZero { l += " outer \(fmt(o))" }
          l += " inner \(fmt(inner))"
          if !ir.isZero { l += " \(fmt(ir))" }
        case .mask(let m): l += " mask \(m.width)x\(m.height) at \(m.originX) \(m.originY) sum \(m.bytes.reduce(0) { $0 + Int($1) })"
        }
        if let p = d.polygon { l += " polygon [\(p)]" }
        switch d.paint {
        case .solid(let c): l += " solid \(c.hexString)"
        case .image(let p):
          let t = p.texelMap
          l += " image \(p.image.width)x\(p.image.height) texels [\(fmt([t.a, t.b, t.c, t.d, t.tx, t.ty]))]"
          l += " filter \(p.minificationFilter.rawValue)/\(p.magnificationFilter.rawValue)"
          if let t = p.tint { l += " tint \(t.hexString)" }
        case .gradient(let g):
          l += " gradient \(g.kind.rawValue) \(fmt([g.start.x, g.start.y])) to \(fmt([g.end.x, g.end.y])) in \(fmt(g.unitRect))"
          l += " stops " + g.stops.map { "\(fmt($0.location)) \($0.color.hexString)" }.joined(separator: ", ")
        }
        if d.blendMode != .sourceOver { l += " blend \(d.blendMode.rawValue)" }
        if d.opacity != 1 { l += " opacity \(fmt(d.opacity))" }
        if let c = d.clip { l += " clip #\(c)" }
        if let o = d.occluder { l += " occluded by \(fmt(o.rect))" }
        if !d.edgeAntialiasing.isEmpty { l += " aa \(edgeNames(d.edgeAntialiasing))" }
        l += " map \(fmt(d.map.toDevice)) pixels \(d.deviceBounds)"
        lines.append(l)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

private func edgeNames(_ m: EdgeAntialiasingMask) -> String {
  if m == .all { return "all" }
  var n: [String] = []
  if m.contains(.layerLeftEdge) { n.append("left") }
  if m.contains(.layerRightEdge) { n.append("right") }
  if m.contains(.layerTopEdge) { n.append("top") }
  if m.contains(.layerBottomEdge) { n.append("bottom") }
  return n.joined(separator: ",")
}

/// Rounds to 3 decimals without trailing zeros; -0 prints as 0.
func fmt(_ v: Double) -> String {
  var r = (v * 1000).rounded() / 1000
  if r == 0 { r = 0 }
  if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
  var s = String(format3: r)
  while s.hasSuffix("0") { s.removeLast() }
  return s
}

func fmt(_ vs: [Double]) -> String { vs.map(fmt).joined(separator: " ") }
func fmt(_ r: Rect) -> String { "(\(fmt([r.origin.x, r.origin.y, r.width, r.height])))" }
func fmt(_ r: CornerRadii) -> String {
  fmt([r.topLeft, r.topRight, r.bottomLeft, r.bottomRight]) + (r.continuous ? " continuous" : "")
}
func fmt(_ f: DeviceFilter) -> String {
  switch f {
  case .blur(let s): "blur(\(fmt(s)))"
  case .colorMatrix(let m): "colorMatrix(\(fmt(m)))"
  }
}
func fmt(_ h: Homography) -> String {
  if h.isAffine {
    let m = h.values
    return "[\(fmt([m[0], m[1], m[2], m[3], m[4], m[5]]))]"
  }
  return "[\(fmt(h.values))]"
}

extension String {
  /// `v` with exactly three decimals, without Foundation's locale-dependent formatting.
  init(format3 v: Double) {
    let neg = v < 0
    let scaled = Int((abs(v) * 1000).rounded())
    let whole = scaled / 1000, frac = scaled % 1000
    let f = String(frac)
    self = (neg ? "-" : "") + String(whole) + "." + String(repeating: "0", count: 3 - f.count) + f
  }
}
