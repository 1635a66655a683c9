import Foundation
import Strata
import StrataLottie
import StrataCPU
import StrataRender
import StrataTesting
import StrataText
import Testing

/// `Tests/LottieText/caption.json`, a small file written as Bodymovin writes text layers:
/// a title set in an installed font (DejaVu Sans Bold, with tracking and a stroke under
/// the fill) and a caption in box text drawn with the file's own glyphs (`chars`: blocks
/// of known size). Its golden picture is checked on every backend, and its ink against
/// positions derived without the importer: from the font's metrics and the glyphs' numbers.
@Suite struct CaptionTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("LottieText")
  static let scale = 2.0

  static func list() throws -> RenderList {
    let a = try LottieAnimation(contentsOf: directory.appendingPathComponent("caption.json"))
    #expect(a.warnings.isEmpty, "\(a.warnings)")
    let layer = a.makeLayer(width: a.width, height: a.height)
    return RenderListCompiler(width: Int(a.width * scale), height: Int(a.height * scale), scale: scale, background: .clear)
      .compile(layer.snapshot(at: 0))
  }

  @Test(arguments: Backend.available)
  func golden(_ backend: Backend) throws {
    try expectRendering(try Self.list(), matches: "caption", on: backend, referenceDirectory: Self.directory)
  }

  /// The pixels (x0, y0, x1, y1) of `color` (each channel within 40) in `rect`.
  static func ink(_ image: PixelBuffer, _ rect: (Int, Int, Int, Int), _ color: (Int, Int, Int)) -> [Int]? {
    var box: [Int]? = nil
    for y in rect.1..<rect.3 {
      for x in rect.0..<rect.2 {
        let p = image[x, y]
        guard abs(Int(p.0) - color.0) <= 40, abs(Int(p.1) - color.1) <= 40, abs(Int(p.2) - color.2) <= 40 else { continue }
        box = box.map { [min($0[0], x), min($0[1], y), max($0[2], x + 1), max($0[3], y + 1)] } ?? [x, y, x + 1, y + 1]
      }
    }
    return box
  }

  /// The caption: "HI HI HI" at 20 points in a box 70 wide at (140, 40), centred, 24
  /// between baselines. "H" covers 10…60 of its 70 advance, "I" 10…30 of 40, a space
  /// advances 30, all 70 high (100 units per em): "HI HI" (50 points) from 150, "HI" (22)
  /// from 164; the first baseline the cap height (14) below the box's top.
  @Test func captionGlyphsWhereTheNumbersPutThem() throws {
    let image = try CPURenderer().render(try Self.list())
    let blue = (115, 204, 255)
    let line1 = try #require(Self.ink(image, (280, 60, 420, 115), blue))
    let line2 = try #require(Self.ink(image, (280, 115, 420, 180), blue))
    #expect(line1 == [152, 40, 198, 54].map { Int(Double($0) * Self.scale) }, "\(line1)")
    #expect(line2 == [166, 64, 184, 78].map { Int(Double($0) * Self.scale) }, "\(line2)")
  }

  /// The title: "TILE" at 40 points from (16, 56), left-justified. Its ink starts at the
  /// "T"'s left bearing and spans the cap height above the baseline ("TILE" has neither
  /// descenders nor overshoots); the baseline lies `ascent × sw / height` above 56, as
  /// lottie-ios's render layer puts text with fill and stroke (its bounds, `ascent +
  /// descent + line gap` rounded up, grow by `sw` after the anchor is set at the ascent).
  @Test func titleInkFromTheFontsMetrics() throws {
    let face = try FontLibrary.shared.face(family: "DejaVu Sans", style: "Bold")
    let em = 40 / face.unitsPerEm, m = face.metrics
    let glyph = try #require(face.glyph(for: "T"))
    let t = try #require(face.outline(glyph).controlPointBounds)
    let lift = m.ascender * em * 4 / ((m.ascender + m.descender + m.lineGap) * em).rounded(.up)
    let baseline = 56 - lift
    let expected = [16 + t.minX * em, baseline - m.capHeight * em, baseline].map { $0 * Self.scale }
    let image = try CPURenderer().render(try Self.list())
    let box = try #require(Self.ink(image, (0, 0, 280, 240), (250, 158, 51)))
    let measured = [box[0], box[1], box[3]].map(Double.init)
    for (m, e) in zip(measured, expected) { #expect(abs(m - e) <= 1, "ink \(measured), from the metrics \(expected)") }
  }
}
