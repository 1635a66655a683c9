import Strata

/// Values, timing and paths in animation objects.
extension SceneBuilder {
  /// A value of the key path's kind, written as the layer property of that kind is; for
  /// the rotation key paths an angle (radians, or a string such as `"90deg"`); for array
  /// key paths (`colors`, `locations`) an array of any length.
  func value(_ f: Field, _ keyPath: AnimatableKeyPath) throws(SceneError) -> AnimationValue {
    switch keyPath.kind {
    case .number: .number(keyPath.isAngle ? try f.angle() : try f.number())
    case .point: .point(try f.point())
    case .size: .size(try f.size())
    case .rect:
      .rect(try { () throws(SceneError) -> Rect in
        let v = try f.numbers(4...4, "[x, y, width, height]")
        return Rect(v[0], v[1], v[2], v[3])
      }())
    case .color: .color(try f.color())
    case .transform: .transform(try f.transform())
    case .bool: .bool(try f.bool())
    case .numberArray: .numbers(try f.numberList())
    case .colorArray: .colors(try f.colors())
    case .path: .path(try f.shapePath())
    case .text: .text(try textString(f))
    }
  }

  /// The `CAMediaTiming` keys present in `m`, on top of `base`.
  func timing(_ m: [String: Field], _ base: MediaTiming) throws(SceneError) -> MediaTiming {
    var t = base
    if let f = m["beginTime"] { t.beginTime = try f.number() }
    if let f = m["duration"] { t.duration = try f.nonNegative() }
    if let f = m["speed"] { t.speed = try f.number() }
    if let f = m["timeOffset"] { t.timeOffset = try f.number() }
    if let f = m["repeatCount"] {
      if case .string(let s) = f.value {
        guard s == "infinity" else { throw f.error("expected a number or \"infinity\", got \"\(Excerpt.of(s))\"") }
        t.repeatCount = .infinity
      } else {
        t.repeatCount = try f.nonNegative()
      }
    }
    if let f = m["repeatDuration"] { t.repeatDuration = try f.nonNegative() }
    if let f = m["autoreverses"] { t.autoreverses = try f.bool() }
    if let f = m["fillMode"] { t.fillMode = try f.name(FillMode.self) }
    return t
  }

  /// A named timing function or four control-point numbers `[c1x, c1y, c2x, c2y]`.
  func timingFunction(_ f: Field) throws(SceneError) -> TimingFunction {
    if case .array = f.value {
      let v = try f.numbers(4...4, "[c1x, c1y, c2x, c2y]")
      guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
        throw f.error("the control points' x coordinates must lie between 0 and 1")
      }
      return TimingFunction(v[0], v[1], v[2], v[3])
    }
    let s = try f.string()
    let names = TimingFunction.named.map(\.0)
    guard let tf = TimingFunction.named.first(where: { $0.0 == s })?.1 else {
      throw f.error(Suggestion.message("unknown timing function \"\(s)\"", s, names) + " (known: \(names.map { "\"\($0)\"" }.joined(separator: ", ")), or [c1x, c1y, c2x, c2y])")
    }
    return tf
  }

  /// A path: SVG-style absolute commands (`"M 0 0 L 100 0 Q 150 0 150 50 C … Z"`), or
  /// `{"ellipseIn": [x, y, width, height]}`.
  func path(_ f: Field) throws(SceneError) -> Path {
    if case .object = f.value {
      let m = try f.members(known: ["ellipseIn"], what: "path shape")
      guard let r = m["ellipseIn"] else { throw f.error("expected {\"ellipseIn\": [x, y, width, height]}") }
      return Path(ellipseIn: try r.rect())
    }
    let s = try f.string()
    var tokens = s.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).map(String.init)
    // Letters may touch their numbers: "M0 0L10 0".
    tokens = tokens.flatMap { t -> [String] in
      if let first = t.first, first.isLetter, t.count > 1 { return [String(first), String(t.dropFirst())] }
      return [t]
    }
    var path = Path()
    var i = 0
    func numbers(_ n: Int, _ command: String) throws(SceneError) -> [Double] {
      var out: [Double] = []
      for _ in 0..<n {
        guard i < tokens.count, let v = Double(tokens[i]), v.isFinite else {
          throw f.error("path: \"\(command)\" needs \(n) numbers")
        }
        out.append(v)
        i += 1
      }
      return out
    }
    while i < tokens.count {
      let c = tokens[i]
      i += 1
      switch c {
      case "M": let v = try numbers(2, c); path.move(to: Point(v[0], v[1]))
      case "L": let v = try numbers(2, c); path.addLine(to: Point(v[0], v[1]))
      case "Q": let v = try numbers(4, c); path.addQuadCurve(to: Point(v[2], v[3]), control: Point(v[0], v[1]))
      case "C":
        let v = try numbers(6, c)
        path.addCurve(to: Point(v[4], v[5]), control1: Point(v[0], v[1]), control2: Point(v[2], v[3]))
      case "Z", "z": path.closeSubpath()
      default: throw f.error("path: unknown command \"\(Excerpt.of(c))\" (use absolute M, L, Q, C and Z)")
      }
    }
    guard case .move? = path.elements.first else { throw f.error("path: must start with \"M x y\"") }
    return path
  }
}
