import Foundation
import Strata

/// The fonts the repository ships for tests (`Tests/Fonts`: subsets of DejaVu Sans), so
/// that golden images do not depend on the fonts a machine has.
public enum TestFonts {
  public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fonts")
  public static let sans = TextFont.file(directory.appendingPathComponent("DejaVuSans-Subset.ttf").path)
  public static let bold = TextFont.file(directory.appendingPathComponent("DejaVuSans-Bold-Subset.ttf").path)
}

/// Golden scenes of `TextLayer`, in the shipped fonts.
extension GoldenScenes {
  static func text(_ frame: Rect, _ string: TextString, size: Double = 14, _ configure: (TextLayer) -> Void = { _ in }) -> TextLayer {
    let t = TextLayer(frame: frame)
    t.string = string
    t.font = TestFonts.sans
    t.fontSize = size
    configure(t)
    return t
  }

  public static func textScenes() -> [GoldenScene] {
    [textProperties(), textWrapAndTruncation(), textRightToLeftAndMarks(), textTransformed()]
  }

  /// Properties: sizes, colours, the bold face, attributed runs (underline, tracking,
  /// kerning off), and the five alignment modes on grey boxes.
  public static func textProperties() -> GoldenScene {
    let grey = Color(0.25, 0.25, 0.28)
    let runs: TextString = .attributed([
      TextRun("Runs "), TextRun("under", foregroundColor: orange, underline: true), TextRun(" "),
      TextRun("AVAV", kerning: 0), TextRun(" AVAV "), TextRun("wide", foregroundColor: green, kerning: 2),
      TextRun(" Big", font: TestFonts.bold, fontSize: 20),
    ])
    var layers: [Layer] = [
      text(Rect(6, 4, 228, 26), "Strata 24pt", size: 24),
      text(Rect(6, 32, 228, 20), "Bold, blue", size: 16) { $0.font = TestFonts.bold; $0.foregroundColor = blue },
      text(Rect(6, 54, 228, 26), runs, size: 13),
    ]
    for (i, mode) in [TextLayer.AlignmentMode.left, .center, .right, .natural, .justified].enumerated() {
      let frame = Rect(6, 84 + Double(i) * 15, 228, 14)
      layers.append(layer(frame, grey))
      layers.append(text(frame, .plain("\(mode.rawValue) aligned"), size: 11) { $0.alignmentMode = mode })
    }
    return GoldenScene(name: "text-properties", width: 240, height: 160, scale: 1, root: root(240, 160, layers))
  }

  /// Wrapping (words, a hyphen, a word longer than a line), justified paragraphs, and the
  /// truncation modes: start, middle, end on one line, end on the last line that fits.
  public static func textWrapAndTruncation() -> GoldenScene {
    let grey = Color(0.25, 0.25, 0.28)
    let long = "The quick brown fox jumps over the lazy dog"
    var layers: [Layer] = [
      layer(Rect(4, 4, 112, 70), grey),
      text(Rect(4, 4, 112, 70), "Wrapped text breaks at spaces, after well-known hyphens, and inside Supercalifragilistic words.", size: 10) {
        $0.isWrapped = true
      },
      layer(Rect(124, 4, 112, 70), grey),
      text(Rect(124, 4, 112, 70), "Justified lines are stretched to the width, all but the last line of each paragraph.\nShort one.", size: 10) {
        $0.isWrapped = true; $0.alignmentMode = .justified
      },
    ]
    for (i, mode) in [TextLayer.TruncationMode.start, .middle, .end].enumerated() {
      let frame = Rect(4, 80 + Double(i) * 16, 150, 14)
      layers.append(layer(frame, grey))
      layers.append(text(frame, .plain(long), size: 11) { $0.truncationMode = mode })
    }
    layers.append(layer(Rect(160, 80, 76, 44), grey))
    layers.append(text(Rect(160, 80, 76, 44), .plain(long), size: 11) { $0.isWrapped = true; $0.truncationMode = .end })
    // Unclipped by masksToBounds, still clipped to the bounds: a line wider than its layer.
    layers.append(text(Rect(160, 130, 76, 26), "Clipped at the bounds", size: 16) { $0.foregroundColor = orange })
    return GoldenScene(name: "text-wrap-truncation", width: 240, height: 160, scale: 1, root: root(240, 160, layers))
  }

  /// Right to left: Hebrew, Arabic (joined forms) and a mixed line; combining marks on
  /// letters that have no precomposed form.
  public static func textRightToLeftAndMarks() -> GoldenScene {
    let layers: [Layer] = [
      text(Rect(6, 4, 228, 26), "שלום עולם", size: 20),
      text(Rect(6, 32, 228, 28), "مرحبا بالعالم", size: 20) { $0.foregroundColor = orange },
      text(Rect(6, 62, 228, 22), "Hello שלום 123 world", size: 15),
      text(Rect(6, 88, 228, 30), "x\u{323}q\u{301}n\u{303}\u{323} a\u{30A}e\u{302}\u{301} Zalgo\u{311}", size: 22) { $0.foregroundColor = green },
      text(Rect(6, 124, 228, 30), "office ffi AVAWAY", size: 20) { $0.foregroundColor = blue },
    ]
    return GoldenScene(name: "text-rtl-marks", width: 240, height: 160, scale: 1, root: root(240, 160, layers))
  }

  /// Transformed text stays sharp: at scale 2 (the canvas), a layer scaled 1.5, one turned
  /// 20°, and one tilted in perspective.
  public static func textTransformed() -> GoldenScene {
    let layers: [Layer] = [
      text(Rect(4, 2, 112, 20), "Scale 2", size: 14),
      text(Rect(4, 22, 80, 20), "×1.5", size: 14) { l in
        l.anchorPoint = .zero
        l.position = Point(4, 22)
        l.transform = Transform3D.scale(1.5, 1.5)
        l.foregroundColor = orange
      },
      text(Rect(10, 50, 100, 20), "Rotated 20°", size: 13) { l in
        l.transform = Transform3D.rotation(20 * .pi / 180, 0, 0, 1)
        l.foregroundColor = green
      },
      text(Rect(6, 64, 108, 16), "Perspective tilt", size: 14) { l in
        l.transform = Transform3D.rotation(0.9, 0, 1, 0).concatenating(.perspective(150))
        l.foregroundColor = blue
      },
    ]
    return GoldenScene(name: "text-transformed", width: 240, height: 160, scale: 2, root: root(120, 80, layers))
  }
}
