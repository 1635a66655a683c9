/// One paragraph's characters, with their bidi levels and fonts, shaped into runs: what
/// lines are cut from. Characters are code points; `span[i]` is the index of the span
/// character i comes from and `origin[i]` its index in the layout's text (-1 for an
/// ellipsis truncation added).
struct ShapedParagraph {
  /// One run: characters of one level, face and span, shaped together.
  struct Run {
    var range: Range<Int>
    var level: UInt8
    var face: FontFace
    var span: Int
    /// In visual order (left to right); `cluster` indexes the paragraph's characters.
    var glyphs: [ShapedGlyph]
  }

  var text: [UInt32]
  var span: [Int]
  var origin: [Int]
  var rightToLeft: Bool
  var runs: [Run] = []
  /// The face each character is drawn with (its span's, or a fallback).
  var faces: [FontFace] = []
  /// Points: a cluster's advance on its first character, 0 on the others.
  var advance: [Double] = []
  /// Whether character i starts a cluster (lines break only there).
  var clusterStart: [Bool] = []

  /// Shapes `text`: levels from FriBidi (the direction found from the text when
  /// `rightToLeft` is nil), a face per character (the span's, else a fallback that has
  /// it: a combining mark keeps its base's face when that has it), then HarfBuzz per run.
  init(text: [UInt32], span: [Int], origin: [Int], spans: [TextSpan], rightToLeft: Bool?, library: FontLibrary) {
    self.text = text
    self.span = span
    self.origin = origin
    let bidi = FriBidi.levels(text, rightToLeft: rightToLeft)
    self.rightToLeft = bidi.rightToLeft
    let n = text.count
    faces.reserveCapacity(n)
    for i in 0..<n {
      let face = spans[span[i]].style.face
      let c = text[i]
      guard face.shaper.nominalGlyph(c) == nil, !Self.isInvisible(c), let scalar = Unicode.Scalar(c) else {
        faces.append(face)
        continue
      }
      if LineBreaks.isMark(c), i > 0, span[i - 1] == span[i], faces[i - 1].shaper.nominalGlyph(c) != nil {
        faces.append(faces[i - 1])
      } else {
        faces.append(library.fallback(for: scalar, near: face) ?? face)
      }
    }
    // Runs: a new one wherever the level, the face or the span changes.
    var start = 0
    for i in 1..<(n + 1) where i == n || bidi.levels[i] != bidi.levels[start] || faces[i] != faces[start] || span[i] != span[start] {
      runs.append(Run(range: start..<i, level: bidi.levels[start], face: faces[start], span: span[start], glyphs: []))
      start = i
    }
    advance = [Double](repeating: 0, count: n)
    clusterStart = [Bool](repeating: false, count: n)
    for r in runs.indices {
      let style = spans[runs[r].span].style
      let glyphs = runs[r].face.shaper.shape(text, range: runs[r].range, rightToLeft: runs[r].level & 1 == 1, kerning: style.kerning == nil)
      let scale = style.size / runs[r].face.unitsPerEm
      for g in glyphs {
        if !clusterStart[g.cluster] {
          clusterStart[g.cluster] = true
          advance[g.cluster] += style.kerning ?? 0
        }
        advance[g.cluster] += Double(g.xAdvance) * scale
      }
      runs[r].glyphs = glyphs
    }
  }

  /// Characters drawn as nothing (controls and default ignorables): they keep their
  /// span's face instead of asking for a fallback.
  static func isInvisible(_ c: UInt32) -> Bool {
    c < 0x20 || c == 0x7F || (0x200B...0x200F).contains(c) || (0x2028...0x202E).contains(c)
      || (0x2060...0x206F).contains(c) || (0xFE00...0xFE0F).contains(c) || c == 0xFEFF
  }

  /// The advance of `range`, trailing spaces left out (they hang past the line's end).
  func width(_ range: Range<Int>) -> Double {
    let end = trimmedEnd(range)
    var w = 0.0
    for i in range.lowerBound..<end { w += advance[i] }
    return w
  }

  /// The end of `range` without its trailing spaces.
  func trimmedEnd(_ range: Range<Int>) -> Int {
    var end = range.upperBound
    while end > range.lowerBound, LineBreaks.isSpace(text[end - 1]) { end -= 1 }
    return end
  }

  /// The next cluster start after `i` (or the end).
  func nextCluster(after i: Int) -> Int {
    var j = i + 1
    while j < text.count, !clusterStart[j] { j += 1 }
    return j
  }
}
