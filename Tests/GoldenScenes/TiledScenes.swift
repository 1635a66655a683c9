import Foundation
import Strata

/// Golden scenes of `TiledLayer` and `ScrollLayer`.
extension GoldenScenes {
  /// A 256 x 256 "map": land and water, a grid of roads every 32 pixels, one-pixel rivers
  /// and towns, so that the levels of detail (box-averaged) look visibly different.
  public static let tiledMap = Image(width: 256, height: 256) { x, y in
    let dx = Double(x - 128), dy = Double(y - 120)
    let land = dx * dx / 1.6 + dy * dy + 900 * sin(Double(x) / 19) * cos(Double(y) / 23) < 95 * 95
    if x % 32 == 0 || y % 32 == 0 { return land ? (230, 220, 200, 255) : (40, 90, 150, 255) }
    if abs(x - y / 2 - 60) < 2 && land { return (70, 140, 230, 255) }
    let town = (x / 16 + y / 16) % 5 == 0 && (x % 16 - 8) * (x % 16 - 8) + (y % 16 - 8) * (y % 16 - 8) < 12
    if town && land { return (200, 60, 50, 255) }
    return land ? (UInt8(90 + (x * 3 + y) % 40), UInt8(150 + (x + 2 * y) % 50), 80, 255) : (30, 70, 130, 255)
  }

  /// The map in a tiled layer of 32 x 32 tiles with four levels of detail, at three zooms:
  /// 1.75x (level 0, magnified), 0.45x (level 1: the smallest scale ≥ 0.45 is 1/2) and
  /// 0.2x (level 2: 1/4), each clipped to a window of the canvas, the first two panned.
  public static func tiledKind() -> GoldenScene {
    func window(_ frame: Rect, zoom: Double, pan: Point) -> Layer {
      let w = Layer(frame: frame)
      w.masksToBounds = true
      w.backgroundColor = Color(0.9, 0.9, 0.92)
      let t = TiledLayer()
      t.tileSource = ImageTileSource(tiledMap, tileWidth: 32, tileHeight: 32)
      t.levelsOfDetail = 4
      t.anchorPoint = .zero
      t.bounds = Rect(0, 0, 256, 256)
      t.position = pan
      t.transform = .scale(zoom, zoom, 1)
      try! w.addSublayer(t)
      return w
    }
    let r = root(240, 160, [
      window(Rect(4, 4, 112, 152), zoom: 1.75, pan: Point(-150.3, -120.6)),
      window(Rect(120, 4, 116, 116), zoom: 0.45, pan: Point(0.4, 0.3)),
      window(Rect(120, 124, 56, 32), zoom: 0.2, pan: Point(2, -5)),
    ])
    return GoldenScene(name: "kind-tiled", width: 240, height: 160, scale: 1, root: r)
  }

  /// Scroll layers: one scrolled to (30, 20) on both axes; one that scrolls only
  /// vertically asked to show a rectangle down and to the right (`scroll(to:)` with a rect
  /// moves y the least needed, x not at all); and one scrolled by a sublayer's
  /// `scrollRectToVisible`, through a scaled container.
  public static func scrollKind() -> GoldenScene {
    func content(_ size: Double) -> [Layer] {
      var out: [Layer] = []
      for j in 0..<6 {
        for i in 0..<6 {
          let c = Color(0.2 + 0.13 * Double(i), 0.3 + 0.1 * Double(j), 0.9 - 0.12 * Double(i + j) / 2)
          out.append(layer(Rect(Double(i) * size, Double(j) * size, size - 2, size - 2), c) { $0.cornerRadius = 3 })
        }
      }
      return out
    }
    let a = ScrollLayer(frame: Rect(8, 8, 70, 70))
    a.backgroundColor = Color(1, 1, 1)
    for l in content(20) { try! a.addSublayer(l) }
    a.scroll(to: Point(30, 20))
    let b = ScrollLayer(frame: Rect(86, 8, 70, 70))
    b.backgroundColor = Color(1, 1, 1)
    b.scrollMode = .vertically
    for l in content(20) { try! b.addSublayer(l) }
    b.scroll(to: Rect(90, 80, 20, 30))  // y: min(80, max(0, 110 − 70)) = 40; x stays 0
    let c = ScrollLayer(frame: Rect(164, 8, 70, 70))
    c.backgroundColor = Color(1, 1, 1)
    let container = Layer()
    container.anchorPoint = .zero
    container.bounds = Rect(0, 0, 120, 120)
    container.transform = .scale(1.5, 1.5, 1)
    for l in content(20) { try! container.addSublayer(l) }
    try! c.addSublayer(container)
    container.sublayers[35].scrollRectToVisible(Rect(0, 0, 18, 18))  // the last cell: (150, 150) ... (177, 177) in c
    return GoldenScene(name: "kind-scroll", width: 240, height: 86, scale: 1, root: root(240, 86, [a, b, c]))
  }
}
