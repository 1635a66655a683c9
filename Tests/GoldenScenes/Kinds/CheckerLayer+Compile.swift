import Strata
import StrataRender

/// `CheckerLayer`'s compile step: one solid draw per dark cell, cut to the layer's bounds,
/// in the layer's plane (so it follows any transform, perspective included). A tiny cell
/// on a large layer is drawn coarser: at most 64 cells a side.
extension CheckerLayer.Snapshot: LayerKindCompiling {
  public func compile(into context: inout LayerKindContext) {
    guard let color, color.alpha > 0, cellSize > 0, !context.bounds.isEmpty else { return }
    let b = context.bounds, cell = max(cellSize, max(b.width, b.height) / 64)
    // Cell (i, j) spans phase + (i, j)·cell; dark when i + j is even.
    let i0 = Int(((b.minX - phase.x) / cell).rounded(.down)), i1 = Int(((b.maxX - phase.x) / cell).rounded(.up))
    let j0 = Int(((b.minY - phase.y) / cell).rounded(.down)), j1 = Int(((b.maxY - phase.y) / cell).rounded(.up))
    for j in j0..<j1 {
      for i in i0..<i1 where (i + j) & 1 == 0 {
        let r = Rect(x: phase.x + Double(i) * cell, y: phase.y + Double(j) * cell, width: cell, height: cell)
        guard let piece = r.intersection(b), piece.width > 0, piece.height > 0 else { continue }
        context.fill(piece, paint: .solid(color.premultiplied), part: "checker")
      }
    }
  }
}
