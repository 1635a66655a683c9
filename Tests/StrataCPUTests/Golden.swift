import Foundation
import Strata
import StrataCPU
import StrataPNG
import StrataRender
import Testing

/// Same-backend golden comparison: every channel within ±1 of the reference, no pixel more.
///
/// References live in `Golden/` beside this file. A missing reference, or `STRATA_RECORD=1`,
/// records the current rendering and fails the test, so a recording is never mistaken for a
/// pass. A mismatch writes `<name>.actual.png` to the temporary directory and names it.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

  static func render(_ root: Layer, width: Int, height: Int, scale: Double = 1, background: Color = Color(0.12, 0.12, 0.14)) -> PixelBuffer {
    let list = RenderListCompiler(width: width, height: height, scale: scale, background: background).compile(root.snapshot())
    return CPURenderer().render(list)
  }

  static func expectMatch(_ buffer: PixelBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = directory.appendingPathComponent("\(name).png").path
    let record = ProcessInfo.processInfo.environment["STRATA_RECORD"] == "1"
    guard !record, FileManager.default.fileExists(atPath: path) else {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try PNG.write(buffer, to: path)
      Issue.record("recorded golden image \(path); look at it, then run the tests again", sourceLocation: sourceLocation)
      return
    }
    let reference = try PNG.read(path: path)
    let expected = PixelBuffer(image: reference)
    guard expected.width == buffer.width, expected.height == buffer.height else {
      Issue.record("\(name): size \(buffer.width)x\(buffer.height) differs from the reference's \(expected.width)x\(expected.height)", sourceLocation: sourceLocation)
      return
    }
    // The reference went through straight alpha; compare after the same round trip.
    let actual = PixelBuffer(image: try PNG.decode(try PNG.encode(buffer), name: name))
    var worst = 0, count = 0
    for i in 0..<actual.pixels.count {
      let d = abs(Int(actual.pixels[i]) - Int(expected.pixels[i]))
      if d > 1 { count += 1 }
      worst = max(worst, d)
    }
    if count > 0 {
      let out = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).actual.png").path
      try? PNG.write(buffer, to: out)
      Issue.record("\(name): \(count) channels differ by more than 1 (largest \(worst)); actual image: \(out)", sourceLocation: sourceLocation)
    }
  }
}

/// Small procedural images for the golden scenes.
enum TestImages {
  /// A 32x24 picture with distinct corners: red top-left, green top-right, blue bottom-left,
  /// yellow bottom-right, a white 1-px frame and a dark diagonal.
  static let picture = Image(width: 32, height: 24) { x, y in
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
  static func checkerboard(cells: Int, cell: Int, alpha: UInt8 = 255) -> Image {
    Image(width: cells * cell, height: cells * cell) { x, y in
      (x / cell + y / cell) % 2 == 0 ? (250, 250, 250, alpha) : (30, 30, 30, alpha)
    }
  }

  /// A 24x24 nine-slice source: 8-px opaque orange caps, a translucent blue centre.
  static let nineSlice = Image(width: 24, height: 24) { x, y in
    let edge = x < 8 || x >= 16 || y < 8 || y >= 16
    if (x < 8 || x >= 16) && (y < 8 || y >= 16) { return (240, 120, 30, 255) }
    return edge ? (250, 200, 60, 255) : (60, 120, 240, 160)
  }
}

func layer(_ frame: Rect, _ color: Color? = nil, _ configure: (Layer) -> Void = { _ in }) -> Layer {
  let l = Layer(frame: frame)
  l.backgroundColor = color
  configure(l)
  return l
}

func root(_ w: Double, _ h: Double, _ children: [Layer]) -> Layer {
  let r = Layer()
  r.bounds = Rect(0, 0, w, h)
  r.anchorPoint = .zero
  for c in children { try! r.addSublayer(c) }
  return r
}
