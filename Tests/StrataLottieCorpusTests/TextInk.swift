import Strata

/// Where a line of text has ink in a picture, and of what colour: the measure the text
/// corpus compares Strata's renders and Apple's by, since Apple's fonts are not Linux's.
///
/// Within a line's rectangle, a pixel (composited over white) is ink when it lies nearer
/// the text's colour than half-way from the rectangle's background, the commonest colour
/// there that is far from the text's (more than 60 in some channel). Edge pixels count
/// when the glyph covers about half of them, in either picture alike, so the boxes of
/// the same glyphs drawn in the same place agree to a pixel.
struct TextInk: CustomStringConvertible {
  /// The ink's bounding box, pixels, the maximum exclusive.
  var minX: Int, minY: Int, maxX: Int, maxY: Int
  /// The ink pixel nearest the text's colour: the colour where the glyphs cover a pixel
  /// wholly.
  var purest: (Int, Int, Int)
  var width: Int { maxX - minX }
  var height: Int { maxY - minY }

  var description: String { "(\(minX), \(minY))-(\(maxX), \(maxY)) rgb \(purest)" }

  /// The ink of `color` in `rect` (x0, y0, x1, y1) of `image`; nil when there is none.
  static func measure(_ image: Image, rect: [Int], color: (Int, Int, Int)) -> TextInk? {
    let x0 = max(rect[0], 0), y0 = max(rect[1], 0), x1 = min(rect[2], image.width), y1 = min(rect[3], image.height)
    guard x0 < x1, y0 < y1 else { return nil }
    func overWhite(_ x: Int, _ y: Int) -> (Int, Int, Int) {
      let p = image[x, y]
      let white = 255 - Int(p.3)
      return (Int(p.0) + white, Int(p.1) + white, Int(p.2) + white)
    }
    func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int { max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2)) }
    var counts: [Int: Int] = [:]
    for y in y0..<y1 {
      for x in x0..<x1 {
        let c = overWhite(x, y)
        if distance(c, color) > 60 { counts[c.0 << 16 | c.1 << 8 | c.2, default: 0] += 1 }
      }
    }
    let key = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? 0xFF_FFFF
    let background = (key >> 16 & 0xFF, key >> 8 & 0xFF, key & 0xFF)
    let threshold = distance(background, color) / 2
    var ink: TextInk? = nil
    var best = Int.max
    for y in y0..<y1 {
      for x in x0..<x1 {
        let c = overWhite(x, y), d = distance(c, color)
        guard d < threshold else { continue }
        if var i = ink {
          (i.minX, i.minY, i.maxX, i.maxY) = (min(i.minX, x), min(i.minY, y), max(i.maxX, x + 1), max(i.maxY, y + 1))
          ink = i
        } else {
          ink = TextInk(minX: x, minY: y, maxX: x + 1, maxY: y + 1, purest: c)
        }
        if d < best {
          best = d
          ink?.purest = c
        }
      }
    }
    return ink
  }
}

/// How near a line's ink must be to Apple's, by where the glyphs come from.
struct TextInkTolerance {
  /// The most any of the box's edges may be off, pixels; for a stand-in font, only the
  /// edge the line is justified to (its middle when centred), the top and the bottom.
  var edge: Int
  /// The most the box's width and height may differ, as a share of Apple's.
  var size: Double
  /// The most the purest ink colour may differ, per channel (0…255).
  var color: Int

  /// The file's `chars` (Apple's glyphs) or a font metric-compatible with the one Apple
  /// drew: the same glyph outlines in the same places, so every edge within a pixel
  /// (Apple's 2x picture averaged to 1x moves an edge's half-covered pixel by one at most).
  static let sameGlyphs = TextInkTolerance(edge: 1, size: 1, color: 8)
  /// A stand-in for a font Apple had (Nimbus Sans for Avenir Next): other glyphs on the
  /// same baseline from the same anchor; widths differ with the font (5% for "TEXT").
  static let standIn = TextInkTolerance(edge: 2, size: 0.08, color: 8)

  /// What is wrong with `ours` against `apple`, or nil.
  func check(ours: TextInk, apple: TextInk, align: String) -> String? {
    var problems: [String] = []
    if self.size >= 1 {
      let edges = [("left", ours.minX - apple.minX), ("top", ours.minY - apple.minY), ("right", ours.maxX - apple.maxX), ("bottom", ours.maxY - apple.maxY)]
      for (name, d) in edges where abs(d) > edge { problems.append("\(name) edge \(d) px off") }
    } else {
      let anchored: (String, Int) =
        switch align {
        case "right": ("right edge", ours.maxX - apple.maxX)
        case "center": ("middle", (ours.minX + ours.maxX - apple.minX - apple.maxX) / 2)
        default: ("left edge", ours.minX - apple.minX)
        }
      for (name, d) in [anchored, ("top", ours.minY - apple.minY), ("bottom", ours.maxY - apple.maxY)] where abs(d) > edge {
        problems.append("\(name) \(d) px off")
      }
      let w = Double(ours.width) / Double(max(apple.width, 1)) - 1, h = Double(ours.height) / Double(max(apple.height, 1)) - 1
      if abs(w) > size { problems.append("width \(Int((w * 100).rounded()))% off") }
      if abs(h) > size { problems.append("height \(Int((h * 100).rounded()))% off") }
    }
    let c = [ours.purest.0 - apple.purest.0, ours.purest.1 - apple.purest.1, ours.purest.2 - apple.purest.2]
    if c.contains(where: { abs($0) > color }) { problems.append("colour \(ours.purest) against \(apple.purest)") }
    return problems.isEmpty ? nil : problems.joined(separator: ", ")
  }
}
