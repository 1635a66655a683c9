import Strata
import StrataPath
import StrataText

extension TextMaskCache {
  /// Upright text: each glyph's cached bitmap, at its origin's pixel, added into `bytes`
  /// (saturating), and the underlines rasterised and added. Returns whether all ink lies
  /// in pixels the bounds cover wholly (no clip needed then).
  ///
  /// - Complexity: O(glyphs × bitmap size).
  func compose(
    _ layout: TextLayout, tags: Set<Int>, bounds: Rect, scale: Double, tx: Double, ty: Double, region: PixelRect,
    into bytes: inout [UInt8]
  ) -> Bool {
    // The pixels the bounds cover wholly.
    let ix0 = Int(saturating: (bounds.minX * scale + tx).rounded(.up)), ix1 = Int(saturating: (bounds.maxX * scale + tx).rounded(.down))
    let iy0 = Int(saturating: (bounds.minY * scale + ty).rounded(.up)), iy1 = Int(saturating: (bounds.maxY * scale + ty).rounded(.down))
    var inside = true
    for g in layout.glyphs where tags.contains(g.tag) {
      let x = (bounds.minX + g.x) * scale + tx, y = (bounds.minY + g.y) * scale + ty
      var px = Int(saturating: x.rounded(.down)), py = Int(saturating: y.rounded(.down))
      // Quarter-pixel phases, 0...4; a glyph saturated far off the canvas gets any phase.
      var qx = max(0, Int(saturating: ((x - Double(px)) * 4).rounded(), limit: 4))
      var qy = max(0, Int(saturating: ((y - Double(py)) * 4).rounded(), limit: 4))
      if qx == 4 { (px, qx) = (px + 1, 0) }
      if qy == 4 { (py, qy) = (py + 1, 0) }
      guard let b = glyphs.bitmap(g.face, g.id, pixelSize: g.size * scale, quarterX: qx, quarterY: qy) else { continue }
      let left = px + b.originX, top = py + b.originY
      if left < ix0 || top < iy0 || left + b.width > ix1 || top + b.height > iy1 { inside = false }
      Self.add(b.bytes, width: b.width, height: b.height, atX: left, y: top, into: &bytes, region: region)
    }
    for u in layout.underlines where tags.contains(u.tag) {
      var path = StrataPath.Path()
      path.addRect(PathRect(x: (bounds.minX + u.x) * scale + tx, y: (bounds.minY + u.y) * scale + ty, width: u.width * scale, height: u.height * scale))
      var rasterizer = Rasterizer()
      let mask = rasterizer.fill(path, clip: region)
      guard mask.width > 0, mask.height > 0 else { continue }
      if mask.bounds.x < ix0 || mask.bounds.y < iy0 || mask.bounds.maxX > ix1 || mask.bounds.maxY > iy1 { inside = false }
      Self.add(mask.coverage, width: mask.width, height: mask.height, atX: mask.bounds.x, y: mask.bounds.y, into: &bytes, region: region)
    }
    return inside
  }

  /// Under any other map: the glyph outlines (and underlines) as one path in the layer's
  /// plane, rasterised for `map` within `region`, into `bytes`.
  func outlines(_ layout: TextLayout, tags: Set<Int>, bounds: Rect, map: [Double], region: PixelRect, into bytes: inout [UInt8]) {
    var path = StrataPath.Path()
    for g in layout.glyphs where tags.contains(g.tag) {
      let outline = g.face.outline(g.id)
      guard !outline.isEmpty else { continue }
      let k = g.size / g.face.unitsPerEm
      let t = PathTransform(a: k, b: 0, c: 0, d: -k, tx: bounds.minX + g.x, ty: bounds.minY + g.y)
      outline.applying(t).forEachElement { path.append($0) }
    }
    for u in layout.underlines where tags.contains(u.tag) {
      path.addRect(PathRect(x: bounds.minX + u.x, y: bounds.minY + u.y, width: u.width, height: u.height))
    }
    guard !path.isEmpty, let mask = PathGeometry(path: path, style: .fill(.nonZero), map: map).rasterize(within: region) else { return }
    Self.add(mask.bytes, width: mask.width, height: mask.height, atX: mask.originX, y: mask.originY, into: &bytes, region: region)
  }

  /// Adds coverage (saturating) into `bytes`, which covers `region`; what falls outside is
  /// dropped.
  static func add(_ src: [UInt8], width: Int, height: Int, atX x: Int, y: Int, into bytes: inout [UInt8], region: PixelRect) {
    let x0 = max(x, region.minX), x1 = min(x + width, region.maxX)
    let y0 = max(y, region.minY), y1 = min(y + height, region.maxY)
    guard x0 < x1, y0 < y1 else { return }
    for row in y0..<y1 {
      let s = (row - y) * width - x, d = (row - region.minY) * region.width - region.minX
      for col in x0..<x1 {
        let v = Int(bytes[d + col]) + Int(src[s + col])
        bytes[d + col] = UInt8(min(v, 255))
      }
    }
  }

  /// `bytes` times the coverage `clip` (0 outside it), rounded.
  static func multiply(_ bytes: inout [UInt8], region: PixelRect, by clip: DeviceMask) {
    for row in 0..<region.height {
      for col in 0..<region.width {
        let i = row * region.width + col
        guard bytes[i] != 0 else { continue }
        let c = Int(clip.coverage(x: region.minX + col, y: region.minY + row))
        bytes[i] = UInt8((Int(bytes[i]) * c + 127) / 255)
      }
    }
  }

  /// The smallest mask holding every non-zero byte, or nil when there is none.
  static func trimmed(_ bytes: [UInt8], region: PixelRect) -> DeviceMask? {
    var x0 = region.width, x1 = -1, y0 = region.height, y1 = -1
    for row in 0..<region.height {
      let base = row * region.width
      for col in 0..<region.width where bytes[base + col] != 0 {
        x0 = min(x0, col)
        x1 = max(x1, col)
        y0 = min(y0, row)
        y1 = max(y1, row)
      }
    }
    guard x1 >= x0, y1 >= y0 else { return nil }
    let w = x1 - x0 + 1, h = y1 - y0 + 1
    var out = [UInt8]()
    out.reserveCapacity(w * h)
    for row in y0...y1 { out += bytes[(row * region.width + x0)...(row * region.width + x1)] }
    return DeviceMask(originX: region.minX + x0, originY: region.minY + y0, width: w, height: h, bytes: out)
  }
}
