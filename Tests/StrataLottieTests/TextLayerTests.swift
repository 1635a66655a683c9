import Foundation
import Strata
import StrataPath
import StrataRender
import StrataScene
import Testing

@testable import StrataLottie

/// Text layers: the document as decoded, and where its glyphs are set, measured on the
/// glyph outlines the importer emits. Most cases use a file's own glyphs (`chars`) of
/// known rectangles, so every position follows from the numbers in the document.
@Suite struct TextLayerTests {
  /// `chars` of the family "Blocks": "I" a bar 10…30 wide, "H" a box 10…60, each 70 high,
  /// advances 40 and 70; a space advances 30. In a 100-unit em, y down.
  static let blocks = #"""
    "fonts": {"list": [{"fName": "Blocks-Regular", "fFamily": "Blocks", "fStyle": "Regular", "ascent": 70}]},
    "chars": [
      {"ch": "I", "size": 100, "style": "Regular", "w": 40, "fFamily": "Blocks", "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[10, -70], [30, -70], [30, 0], [10, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}},
      {"ch": "H", "size": 100, "style": "Regular", "w": 70, "fFamily": "Blocks", "data": {"shapes": [{"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[10, -70], [60, -70], [60, 0], [10, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}]}]}},
      {"ch": " ", "size": 100, "style": "Regular", "w": 30, "fFamily": "Blocks", "data": {}}
    ]
    """#

  /// A 400 x 400 file with one text layer at the origin whose keyframes are `k`.
  static func file(keyframes k: String, font: String = blocks, animators: String = "[]") -> String {
    #"""
    {"v": "5.7.4", "fr": 10, "ip": 0, "op": 20, "w": 400, "h": 400, "assets": [], \#(font),
     "layers": [{"ty": 5, "nm": "Text", "ind": 1, "ip": 0, "op": 20, "st": 0, "ks": {}, "t": {"d": {"k": \#(k)}, "a": \#(animators)}}]}
    """#
  }

  /// One document at frame 0.
  static func file(_ doc: String, font: String = blocks) -> String { file(keyframes: #"[{"s": \#(doc), "t": 0}]"#, font: font) }

  /// The importer's text layers (fill, stroke), by name, and their names bottom first.
  static func textLayers(_ json: String) throws -> [String: ShapeLayer] { try textLayersInOrder(json).byName }

  static func textLayersInOrder(_ json: String) throws -> (byName: [String: ShapeLayer], order: [String]) {
    let a = try Lottie.load(json)
    var out: [String: ShapeLayer] = [:], order: [String] = []
    func walk(_ l: Layer) {
      if let s = l as? ShapeLayer, let n = s.name {
        out[n] = s
        order.append(n)
      }
      l.sublayers.forEach(walk)
    }
    walk(a.makeLayer(width: 400, height: 400))
    return (out, order)
  }

  /// The fill's outline bounds: (minX, minY, maxX, maxY).
  static func inkBox(_ json: String) throws -> [Double] {
    let fill = try #require(try textLayers(json)["text fill"])
    let b = try #require(fill.path?.controlPointBounds)
    return [b.minX, b.minY, b.maxX, b.maxY].map { ($0 * 1000).rounded() / 1000 }
  }

  static func decode(_ doc: String) throws -> TextDocument {
    let json = try JSONParser.parse(Array(doc.utf8))
    return try Node(json, .root, DecodeContext(fileName: "t.json", strict: false)).textDocument(layer: nil)
  }

  @Test func documentFieldsDecode() throws {
    let d = try Self.decode(
      #"{"s": 36, "f": "Blocks-Regular", "t": "Hi\rthere", "j": 2, "tr": 50, "lh": 43.2, "ls": 2, "fc": [1, 0.5, 0], "sc": [0, 0, 255], "sw": 3, "of": true, "ps": [-10, -20], "sz": [200, 100]}"#
    )
    #expect(d.text == "Hi\rthere" && d.fontName == "Blocks-Regular" && d.size == 36)
    #expect(d.justification == .center && d.tracking == 50 && d.trackingPoints == 1.8)
    #expect(d.lineHeight == 43.2 && d.baselineShift == 2)
    #expect(d.fillColor == Color(1, 0.5, 0, 1))
    #expect(d.strokeColor == Color(0, 0, 1, 1), "older files give colours in 0…255")
    #expect(d.strokeWidth == 3 && d.strokeOverFill)
    #expect(d.boxPosition == PathPoint(-10, -20) && d.boxSize == PathPoint(200, 100))
    let bare = try Self.decode(#"{"t": "x", "f": "F", "s": 10}"#)
    #expect(bare.justification == .left && bare.lineHeight == nil && bare.fillColor == nil && bare.boxSize == nil)
    #expect(try Self.decode(#"{"t": "x", "f": "F", "s": 10, "fc": [0, 0, 0, 0.5]}"#).fillColor?.alpha == 0.5)
  }

  /// Text keyframes hold: each document shows from its keyframe to the next. Only the
  /// first is drawn (as lottie-ios's Core Animation engine), with a warning.
  @Test func keyframedText() throws {
    let k = #"[{"s": {"t": "I", "f": "Blocks-Regular", "s": 100, "fc": [1, 0, 0]}, "t": 0}, {"s": {"t": "HH", "f": "Blocks-Regular", "s": 100, "fc": [1, 0, 0]}, "t": 10}]"#
    let json = try JSONParser.parse(Array(Self.file(keyframes: k).utf8))
    let context = DecodeContext(fileName: "t.json", strict: false)
    let model = try Node(json, .root, context).object().required("layers").array()[0].required("t").textModel(layer: "Text")
    #expect(model.document.keys.map(\.time) == [0, 10])
    #expect(model.document.value(at: 9.99).text == "I" && model.document.value(at: 10).text == "HH")
    #expect(context.warnings.map(\.message).contains { $0.hasPrefix("text keyframes after the first are not shown") })
    #expect(try Self.inkBox(Self.file(keyframes: k)) == [10, -70, 30, 0], "the first document, \"I\"")
  }

  /// Point text: left-justified lines start at the origin, right-justified ones end there,
  /// centred ones are centred on it. "HI" is 110 wide at 100 points.
  @Test func justification() throws {
    func box(_ j: Int) throws -> [Double] {
      try Self.inkBox(Self.file(#"{"t": "HI", "f": "Blocks-Regular", "s": 100, "j": \#(j), "fc": [0, 0, 0]}"#))
    }
    #expect(try box(0) == [10, -70, 100, 0])
    #expect(try box(1) == [-100, -70, -10, 0])
    #expect(try box(2) == [-45, -70, 45, 0])
  }

  /// Tracking adds `tr / 1000` em after every character, the last included (so centred
  /// text moves left by half of it), and scales with the font size.
  @Test func tracking() throws {
    func box(_ j: Int, size: Double, tracking: Double) throws -> [Double] {
      try Self.inkBox(Self.file(#"{"t": "HI", "f": "Blocks-Regular", "s": \#(size), "j": \#(j), "tr": \#(tracking), "fc": [0, 0, 0]}"#))
    }
    #expect(try box(0, size: 100, tracking: 200) == [10, -70, 120, 0])  // "I" 20 further
    #expect(try box(0, size: 50, tracking: 200) == [5, -35, 60, 0])
    #expect(try box(2, size: 100, tracking: 200) == [-65, -70, 45, 0])  // 150 wide with its trailing 20
  }

  /// Lines break at `\r`; each baseline lies `lh` below the one before.
  @Test func lineBreaksAndLineHeight() throws {
    #expect(try Self.inkBox(Self.file(#"{"t": "H\rI\rI", "f": "Blocks-Regular", "s": 100, "lh": 150, "fc": [0, 0, 0]}"#)) == [10, -70, 60, 300])
  }

  /// Box text wraps after spaces at the box's width and is justified within it; the first
  /// baseline is the cap height ("H": 70 at 100 points) below the box's top, and lines whose
  /// baseline falls below the box are not drawn.
  @Test func boxTextWraps() throws {
    // "HI HI HI" at 20 points: "HI" 22 wide, a space 6. In a 70-wide box: "HI HI" (50) and
    // "HI"; the third line's baseline (14 + 2 × 24 = 62) is below the 60-high box.
    func box(_ text: String, _ j: Int, height: Double = 60) throws -> [Double] {
      try Self.inkBox(
        Self.file(#"{"t": "\#(text)", "f": "Blocks-Regular", "s": 20, "j": \#(j), "lh": 24, "ps": [100, 30], "sz": [70, \#(height)], "fc": [0, 0, 0]}"#))
    }
    #expect(try box("HI HI HI", 0) == [102, 30, 148, 68])
    #expect(try box("HI HI HI", 2) == [112, 30, 158, 68])  // "HI HI" from 110, "HI" from 124
    #expect(try box("HI HI HI", 1) == [122, 30, 168, 68])
    // "HI HI", "HI HI", "HI": the third baseline is 62 below the box's top.
    #expect(try box("HI HI HI HI HI", 0, height: 61.9) == [102, 30, 148, 68])
    #expect(try box("HI HI HI HI HI", 0, height: 62) == [102, 30, 148, 92])
    // A word wider than the box breaks inside it.
    #expect(try box("HHHHHH", 0) == [102, 30, 168, 68])
  }

  /// Fill and stroke: the stroke's width is `sw` percent of the font size (Core Text's
  /// stroke width), drawn over the fill with `of`, under it without; text with both sits
  /// `ascent × sw / height` higher, as lottie-ios's render layer places it.
  @Test func fillAndStroke() throws {
    func layers(_ of: Bool) throws -> (fill: ShapeLayer, stroke: ShapeLayer, strokeOnTop: Bool) {
      let json = Self.file(#"{"t": "I", "f": "Blocks-Regular", "s": 50, "fc": [1, 0, 0], "sc": [0, 0, 1], "sw": 4, "of": \#(of)}"#)
      let l = try Self.textLayersInOrder(json)
      let fill = try #require(l.byName["text fill"]), stroke = try #require(l.byName["text stroke"])
      return (fill, stroke, l.order == ["text fill", "text stroke"])
    }
    let over = try layers(true), under = try layers(false)
    #expect(over.strokeOnTop && !under.strokeOnTop)
    #expect(over.stroke.lineWidth == 2 && over.stroke.strokeColor == Color(0, 0, 1, 1) && over.stroke.fillColor == nil)
    #expect(over.fill.fillColor == Color(1, 0, 0, 1) && over.fill.strokeColor == nil)
    let top = try #require(over.fill.path?.controlPointBounds?.minY)
    #expect(top < -35 - 2 && top > -35 - 4, "lifted by the grown bounds: \(top)")
  }

  /// Fonts: an installed family is used as named; Helvetica becomes its metric-compatible
  /// alias; a font that is not installed is drawn with the stand-in, and warnings say so.
  /// The file's own glyphs need no font.
  @Test func fontsAndWarnings() throws {
    func warnings(_ family: String, _ style: String, text: String = "Hi") throws -> [String] {
      let font = #""fonts": {"list": [{"fName": "X", "fFamily": "\#(family)", "fStyle": "\#(style)"}]}"#
      return try Lottie.load(Self.file(#"{"t": "\#(text)", "f": "X", "s": 20, "fc": [0, 0, 0]}"#, font: font)).warnings.map(\.description)
    }
    #expect(try warnings("DejaVu Sans", "Bold") == [])
    let helvetica = try warnings("Helvetica", "Regular")
    #expect(helvetica.count == 1 && helvetica[0].hasPrefix(#"fonts.list[0]: font "X" (Helvetica Regular) is not installed: drawn with "#), "\(helvetica)")
    #expect(helvetica.first?.hasSuffix("metric-compatible") == true, "\(helvetica)")
    let missing = try warnings("Strata Missing Family", "Black")
    #expect(missing.count == 1 && missing[0].hasSuffix("in its place") && missing[0].contains("Regular"), "\(missing)")
    #expect(try Lottie.load(Self.file(#"{"t": "HI", "f": "Blocks-Regular", "s": 20, "fc": [0, 0, 0]}"#)).warnings.isEmpty)
    // A character `chars` lacks: the whole text takes the font (here a stand-in).
    let mixed = try Lottie.load(Self.file(#"{"t": "HIX", "f": "Blocks-Regular", "s": 20, "fc": [0, 0, 0]}"#)).warnings
    #expect(mixed.map(\.message).contains { $0.contains(#"font "Blocks-Regular" (Blocks Regular) is not installed"#) }, "\(mixed)")
  }

  /// Font text: the first baseline runs through the origin, and glyphs are the font's,
  /// at its size (DejaVu Sans: "H" is 0.729 em high).
  @Test func fontTextSitsOnTheBaseline() throws {
    let font = #""fonts": {"list": [{"fName": "DejaVuSans", "fFamily": "DejaVu Sans", "fStyle": "Book"}]}"#
    let b = try Self.inkBox(Self.file(#"{"t": "HH\rH", "f": "DejaVuSans", "s": 100, "lh": 120, "fc": [0, 0, 0]}"#, font: font))
    #expect(abs(b[1] + 72.9) < 0.1 && b[3] == 120, "\(b)")
    #expect(b[0] > 5 && b[0] < 15 && b[2] > 130 && b[2] < 150, "\(b)")
  }

  /// Text animators are warned about, naming what they animate, and not drawn; strict
  /// mode makes them errors.
  @Test func animatorsWarn() throws {
    let animator = #"[{"nm": "Wave", "s": {"t": 0, "r": 1}, "a": {"fc": {"a": 0, "k": [0, 1, 0, 1]}, "t": {"a": 0, "k": 10}}}]"#
    let json = Self.file(keyframes: #"[{"s": {"t": "I", "f": "Blocks-Regular", "s": 100, "fc": [1, 0, 0]}, "t": 0}]"#, animators: animator)
    let warnings = try Lottie.load(json).warnings.map(\.description)
    #expect(
      warnings == [#"layers[0].t.a[0] ("Text"): text animator "Wave" (fill colour, tracking) is not drawn, as in lottie-ios's Core Animation engine"#],
      "\(warnings)")
    #expect(try Self.textLayers(json)["text fill"]?.fillColor == Color(1, 0, 0, 1))
    let error = try #require(json.importError(strict: true))
    #expect(error.path == "layers[0].t.a[0]", "\(error)")
  }

  /// Empty text and text without colours draw nothing.
  @Test func nothingToDraw() throws {
    #expect(try Self.textLayers(Self.file(#"{"t": "", "f": "Blocks-Regular", "s": 20, "fc": [0, 0, 0]}"#)).isEmpty)
    #expect(try Self.textLayers(Self.file(#"{"t": "HI", "f": "Blocks-Regular", "s": 20}"#)).isEmpty)
  }
}

/// The importer on mutations of the text samples (`Tests/LottieCorpus/text`,
/// `Tests/LottieText`), as `ImportFuzzTests` does for the others: each mutant imports with
/// an error, or imports and compiles a few frames; nothing traps.
@Suite struct TextImportFuzzTests {
  static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  static let files: [String] = {
    let text = tests.appendingPathComponent("LottieCorpus/text/samples")
    let corpus = ["Nonanimating/FirstText", "Nonanimating/Text_AnimatedProperties", "Nonanimating/verifyLineHeight", "LottieFiles/shop"]
    return corpus.map { text.appendingPathComponent($0 + ".json").path } + [tests.appendingPathComponent("LottieText/caption.json").path]
  }()

  @Test(arguments: files)
  func mutantsNeverTrap(_ path: String) throws {
    let original = try JSONParser.parse(try #require(FileManager.default.contents(atPath: path)).map { $0 })
    var g = ImportFuzzTests.Random(state: UInt64(path.utf8.count) &* 7919)
    for _ in 0..<40 {
      var text = ""
      ImportFuzzTests.encode(ImportFuzzTests.mutate(original, &g, rate: 20 + g.below(100)), into: &text)
      do throws(LottieError) {
        let a = try LottieAnimation(bytes: Array(text.utf8), fileName: "mutant.json", baseDirectory: nil)
        for p in [0.0, 1] {
          let list = RenderListCompiler(width: 24, height: 24, scale: 1, background: .clear)
            .compile(a.makeLayer(width: 24, height: 24).snapshot(at: a.time(forFrame: a.frame(forProgress: p))))
          _ = list.commands.count
        }
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
  }
}

extension String {
  /// The error importing this document throws (in strict mode when asked), or nil.
  func importError(strict: Bool) -> LottieError? {
    do throws(LottieError) {
      _ = try Lottie.load(self, strict: strict)
      return nil
    } catch {
      return error
    }
  }
}
