import Strata
import StrataPath

/// Paths in scene files: a shape layer's `path`, a layer's `shadowPath`, and path
/// animation values.
extension Field {
  /// The path forms a scene file may write, for messages.
  static let pathForms =
    "SVG path data (\"M 10 10 L 90 10 Z\"), {\"rect\": [x, y, w, h]}, {\"ellipse\": [x, y, w, h]} or {\"roundedRect\": [x, y, w, h], \"cornerRadius\": r}"

  /// A path in the layer's coordinates: SVG path data (`M L H V C S Q T A Z`, absolute and
  /// relative), or one of the shapes `{"rect": [x, y, w, h]}`, `{"ellipse": [x, y, w, h]}`
  /// and `{"roundedRect": [x, y, w, h], "cornerRadius": r}` (the corners clamped to half
  /// the sides, as `CGPath(roundedRect:)` clamps them).
  ///
  /// Malformed path data is an error at this field's JSON path that names the character
  /// offset where reading stopped, with an excerpt around it.
  func shapePath() throws(SceneError) -> StrataPath.Path {
    switch value {
    case .string(let s):
      do {
        return try StrataPath.Path(svgPathData: s)
      } catch {
        throw self.error(
          "malformed path data at character \(error.offset) (near \"\(Excerpt.of(error.excerpt))\"): \(error.reason)")
      }
    case .object:
      let m = try members(known: ["rect", "ellipse", "roundedRect", "cornerRadius"], what: "path shape")
      let shapes = ["rect", "ellipse", "roundedRect"].filter { m[$0] != nil }
      guard shapes.count == 1 else {
        throw error(
          shapes.isEmpty
            ? "expected a path shape: \(Self.pathForms)"
            : "a path shape has one of \"rect\", \"ellipse\" and \"roundedRect\", got \(shapes.map { "\"\($0)\"" }.joined(separator: " and "))")
      }
      if let r = m["cornerRadius"], m["roundedRect"] == nil {
        throw r.error("\"cornerRadius\" goes with \"roundedRect\"")
      }
      if let f = m["rect"] { return StrataPath.Path(rect: try f.pathRect()) }
      if let f = m["ellipse"] { return StrataPath.Path(ellipseIn: try f.pathRect()) }
      let r = try m["roundedRect"]!.pathRect()
      let radius = try m["cornerRadius"]?.nonNegative() ?? 0
      return StrataPath.Path(roundedRect: r, cornerWidth: radius, cornerHeight: radius)
    default:
      throw typeError("a path: \(Self.pathForms)")
    }
  }

  /// `[x, y, width, height]` as a path rectangle.
  private func pathRect() throws(SceneError) -> PathRect {
    let r = try rect()
    return PathRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
  }
}
