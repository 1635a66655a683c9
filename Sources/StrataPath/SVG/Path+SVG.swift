extension Path {
  /// The path as SVG path data, with absolute commands (`M L Q C Z`) and the shortest
  /// numbers that read back exactly: `Path(svgPathData: p.svgPathData) == p` for every path.
  public var svgPathData: String {
    var out = ""
    var i = 0
    for v in verbs {
      if !out.isEmpty { out += " " }
      switch v {
      case .move: out += "M" + Self.format(points[i])
      case .line: out += "L" + Self.format(points[i])
      case .quad: out += "Q" + Self.format(points[i]) + " " + Self.format(points[i + 1])
      case .cubic:
        out += "C" + Self.format(points[i]) + " " + Self.format(points[i + 1]) + " " + Self.format(points[i + 2])
      case .close: out += "Z"
      }
      i += v.pointCount
    }
    return out
  }

  private static func format(_ p: PathPoint) -> String { format(p.x) + " " + format(p.y) }

  /// Whole numbers without a fraction, others as Swift's shortest round-trip form
  /// (`0.1`, `1e-05`, `2.5e+20`, all valid SVG numbers).
  static func format(_ v: Double) -> String {
    if v == 0 { return "0" }  // also -0
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return v.description
  }
}

extension Path: CustomStringConvertible {
  public var description: String { svgPathData.isEmpty ? "Path()" : "Path(\"\(svgPathData)\")" }
}
