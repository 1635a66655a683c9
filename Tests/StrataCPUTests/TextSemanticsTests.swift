import Foundation
import Strata
import StrataGoldenScenes
import StrataRender
import StrataTesting
import Testing

/// What a text layer draws, probed pixel by pixel on every backend against positions that
/// follow from the font's numbers and Core Animation's semantics (not read from renders).
@Suite struct TextSemanticsTests {
  /// A `width` × `height` canvas, clear, at `scale`, with `layers` in it.
  static func render(_ layers: [Layer], width: Int = 200, height: Int = 60, scale: Double = 1, at time: Double? = nil, on backend: Backend) throws -> PixelBuffer {
    let root = Layer(frame: Rect(0, 0, Double(width) / scale, Double(height) / scale))
    for l in layers { try root.addSublayer(l) }
    let snapshot = time.map { root.snapshot(at: $0) } ?? root.snapshot()
    return try backend.render(RenderListCompiler(width: width, height: height, scale: scale).compile(snapshot))
  }

  static func text(_ frame: Rect, _ s: String, size: Double = 30, _ configure: (TextLayer) -> Void = { _ in }) -> TextLayer {
    let t = TextLayer(frame: frame)
    t.string = .plain(s)
    t.font = TestFonts.sans
    t.fontSize = size
    configure(t)
    return t
  }

  static func alpha(_ b: PixelBuffer, _ x: Int, _ y: Int) -> Int { Int(b.pixels[(y * b.width + x) * 4 + 3]) }

  /// The coverage-weighted mean column of the ink (x + 0.5 per pixel).
  static func inkCentre(_ b: PixelBuffer) -> Double {
    var sum = 0.0, weight = 0.0
    for y in 0..<b.height {
      for x in 0..<b.width {
        let a = Double(alpha(b, x, y))
        sum += a * (Double(x) + 0.5)
        weight += a
      }
    }
    return sum / weight
  }

  /// The first and last columns and rows with ink.
  static func inkBox(_ b: PixelBuffer) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
    var box: (Int, Int, Int, Int)? = nil
    for y in 0..<b.height {
      for x in 0..<b.width where alpha(b, x, y) > 0 {
        box = box.map { (min($0.0, x), max($0.1, x), min($0.2, y), max($0.3, y)) } ?? (x, x, y, y)
      }
    }
    return box.map { ($0.0, $0.1, $0.2, $0.3) }
  }

  /// "HIH" has symmetric ink (DejaVu's H: 201 units of bearing each side of 1540; I: 201
  /// of 604), so its ink centre is its line's centre: at the bounds' centre when centred,
  /// at its bearings from the edges when left or right aligned.
  @Test(arguments: Backend.available)
  func alignmentPlacesTheLine(_ backend: Backend) throws {
    let centred = try Self.render([Self.text(Rect(10, 10, 180, 40), "HIH") { $0.alignmentMode = .center }], on: backend)
    #expect(abs(Self.inkCentre(centred) - 100) <= 0.5, "\(Self.inkCentre(centred))")
    let s = 30.0 / 2048, advance = (1540 + 604 + 1540) * s
    let left = try Self.render([Self.text(Rect(10, 10, 180, 40), "HIH") { $0.alignmentMode = .left }], on: backend)
    #expect(abs(Self.inkCentre(left) - (10 + advance / 2)) <= 0.5)
    let right = try Self.render([Self.text(Rect(10, 10, 180, 40), "HIH") { $0.alignmentMode = .right }], on: backend)
    #expect(abs(Self.inkCentre(right) - (190 - advance / 2)) <= 0.5)
    // The first line at the top: H's top (1493 units up) is an ascent (1901) below y = 10
    // less its height; its bottom is the baseline.
    let box = try #require(Self.inkBox(left))
    let baseline = 10 + 1901 * s
    #expect(abs(Double(box.y1 + 1) - baseline) <= 1 && abs(Double(box.y0) - (baseline - 1493 * s)) <= 1, "\(box)")
  }

  /// Text is cut at the bounds even without `masksToBounds`, as Core Animation's backing
  /// store cuts it; the layer's sublayers are not.
  @Test(arguments: Backend.available)
  func textIsClippedToTheBounds(_ backend: Backend) throws {
    let out = try Self.render([Self.text(Rect(20, 10, 50, 20), "Clipped text", size: 30)], on: backend)
    let box = try #require(Self.inkBox(out))
    #expect(box.x0 >= 20 && box.x1 < 70 && box.y0 >= 10 && box.y1 < 30, "\(box)")
    #expect(Self.alpha(out, 69, 22) > 0)  // the ink reaches the edge
  }

  /// `contentsScale` changes neither the text's size nor its pixels: glyphs are always
  /// rasterised at the device scale (README, "Rendering semantics").
  @Test(arguments: Backend.available)
  func contentsScaleChangesNothing(_ backend: Backend) throws {
    let one = try Self.render([Self.text(Rect(5, 5, 90, 20), "Sharp", size: 16)], scale: 2, on: backend)
    for cs in [2.0, 3.0, 0.5] {
      let other = try Self.render([Self.text(Rect(5, 5, 90, 20), "Sharp", size: 16) { $0.contentsScale = cs }], scale: 2, on: backend)
      #expect(other.pixels == one.pixels, "contentsScale \(cs)")
    }
    // At scale 2 the text is twice as large in pixels as at scale 1.
    let single = try Self.render([Self.text(Rect(5, 5, 90, 20), "Sharp", size: 16)], width: 100, height: 30, on: backend)
    let a = try #require(Self.inkBox(one)), b = try #require(Self.inkBox(single))
    #expect(abs(Double(a.x1 - a.x0) - 2 * Double(b.x1 - b.x0)) <= 2)
  }

  /// Defaults (opaque white), nil (nothing) and a run's own colour.
  @Test(arguments: Backend.available)
  func colours(_ backend: Backend) throws {
    let white = try Self.render([Self.text(Rect(0, 0, 200, 60), "I", size: 50)], on: backend)
    let s = 50.0 / 2048, x = Int((201 + 101) * s), y = Int(1901 * s - 10)
    #expect(white.pixels[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 4].elementsEqual([255, 255, 255, 255]))
    let none = try Self.render([Self.text(Rect(0, 0, 200, 60), "I", size: 50) { $0.foregroundColor = nil }], on: backend)
    #expect(none.pixels.allSatisfy { $0 == 0 })
    let run = try Self.render([Self.text(Rect(0, 0, 200, 60), "", size: 50) { t in
      t.foregroundColor = nil
      t.string = .attributed([TextRun("I", foregroundColor: Color(1, 0, 0))])
    }], on: backend)
    #expect(run.pixels[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 4].elementsEqual([255, 0, 0, 255]))
  }

  /// `fontSize` animates (the cap height follows it) and `string` changes at keyframes.
  @Test(arguments: Backend.available)
  func animations(_ backend: Backend) throws {
    let t = Self.text(Rect(0, 0, 200, 60), "H", size: 20)
    t.add(BasicAnimation(keyPath: "fontSize", from: 20, to: 40, duration: 2), forKey: "grow")
    let mid = try #require(Self.inkBox(try Self.render([t], at: 1, on: backend)))
    #expect(abs(Double(mid.y1 - mid.y0 + 1) - 1493 * 30 / 2048) <= 1.5, "\(mid)")

    let counter = Self.text(Rect(0, 0, 200, 60), "0")
    let k = KeyframeAnimation(keyPath: "string", values: ["1", "22", "333"], duration: 3)
    k.calculationMode = .discrete
    counter.add(k, forKey: "count")
    for (time, shown) in [(0.5, "1"), (1.5, "22"), (2.5, "333")] {
      let animated = try Self.render([counter], at: time, on: backend)
      let still = try Self.render([Self.text(Rect(0, 0, 200, 60), shown)], on: backend)
      #expect(animated.pixels == still.pixels, "at \(time)")
    }
  }
}
