import Strata

/// Small procedural images for the golden scenes.
public enum TestImages {
  /// A 32x24 picture with distinct corners: red top-left, green top-right, blue bottom-left,
  /// yellow bottom-right, a white 1-px frame and a dark diagonal.
  public static let picture = Image(width: 32, height: 24) { x, y in
    if x == 0 || y == 0 || x == 31 || y == 23 { return (255, 255, 255, 255) }
    if abs(x * 24 - y * 32) < 24 { return (20, 20, 20, 255) }
    switch (x < 16, y < 12) {
    case (true, true): return (230, 60, 50, 255)
    case (false, true): return (60, 200, 80, 255)
    case (true, false): return (60, 90, 230, 255)
    case (false, false): return (240, 210, 40, 255)
    }
  }

  /// A checkerboard of `cell`-pixel squares, `cells` squares across.
  public static func checkerboard(cells: Int, cell: Int, alpha: UInt8 = 255) -> Image {
    Image(width: cells * cell, height: cells * cell) { x, y in
      (x / cell + y / cell) % 2 == 0 ? (250, 250, 250, alpha) : (30, 30, 30, alpha)
    }
  }

  /// A 24x24 nine-slice source: 8-px opaque orange caps, a translucent blue centre.
  public static let nineSlice = Image(width: 24, height: 24) { x, y in
    let edge = x < 8 || x >= 16 || y < 8 || y >= 16
    if (x < 8 || x >= 16) && (y < 8 || y >= 16) { return (240, 120, 30, 255) }
    return edge ? (250, 200, 60, 255) : (60, 120, 240, 160)
  }
}

public func layer(_ frame: Rect, _ color: Color? = nil, _ configure: (Layer) -> Void = { _ in }) -> Layer {
  let l = Layer(frame: frame)
  l.backgroundColor = color
  configure(l)
  return l
}

public func root(_ w: Double, _ h: Double, _ children: [Layer]) -> Layer {
  let r = Layer()
  r.bounds = Rect(0, 0, w, h)
  r.anchorPoint = .zero
  for c in children { try! r.addSublayer(c) }
  return r
}
