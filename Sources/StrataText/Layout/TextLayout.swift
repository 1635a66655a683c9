/// How one stretch of text is set: its face and size, and the attributes that change
/// layout (kerning, underline).
public struct TextStyle: Hashable, Sendable {
  public var face: FontFace
  /// Points per em.
  public var size: Double
  /// nil: the font's kerning. A number k: the font's kerning off and k points added after
  /// every character (`NSKernAttributeName`; 0 is plain, unkerned text).
  public var kerning: Double?
  public var underline: Bool

  public init(face: FontFace, size: Double, kerning: Double? = nil, underline: Bool = false) {
    self.face = face
    self.size = size
    self.kerning = kerning
    self.underline = underline
  }

  /// Points per font unit.
  var scale: Double { size / face.unitsPerEm }
}

/// A run of text in one style. `tag` comes back on its glyphs and underlines, so that the
/// caller can colour them (a layer's attributed runs).
public struct TextSpan: Hashable, Sendable {
  public var text: String
  public var style: TextStyle
  public var tag: Int

  public init(_ text: String, style: TextStyle, tag: Int = 0) {
    self.text = text
    self.style = style
    self.tag = tag
  }
}

/// Horizontal alignment of lines (`CATextLayerAlignmentMode`).
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
  /// Left in a left-to-right paragraph, right in a right-to-left one.
  case natural
  case left, right, center
  /// Every line of a paragraph but its last stretched to the width (at its spaces).
  case justified
}

/// Where a line too long for the bounds is cut (`CATextLayerTruncationMode`).
public enum TextTruncation: String, CaseIterable, Hashable, Sendable {
  case none, start, middle, end
}

/// What a layout depends on: the text and the box it is set in (points). Hashable, so a
/// layout can be cached by it.
public struct TextLayoutInput: Hashable, Sendable {
  public var spans: [TextSpan]
  /// The bounds' size: lines wrap at `width` and are truncated within `width` × `height`.
  public var width: Double
  public var height: Double
  public var alignment: TextAlignment
  public var isWrapped: Bool
  public var truncation: TextTruncation

  public init(
    spans: [TextSpan], width: Double, height: Double, alignment: TextAlignment = .natural, isWrapped: Bool = false,
    truncation: TextTruncation = .none
  ) {
    self.spans = spans
    self.width = width
    self.height = height
    self.alignment = alignment
    self.isWrapped = isWrapped
    self.truncation = truncation
  }
}

/// Text set in lines: positioned glyphs and underlines in points, relative to the top-left
/// corner of the box, y down (a layer's bounds origin).
///
/// Lines are set as Core Animation sets a text layer's: the first at the top, each
/// `ascent + descent + leading` of its fonts below the one before; words wrap at the width
/// (UAX #14 opportunities after spaces and hyphens, around CJK ideographs; a word longer
/// than the line breaks between characters); each paragraph (`\n`) starts a line;
/// right-to-left runs are in visual order (UAX #9); lines are aligned, justified or
/// truncated with "…".
public struct TextLayout: Hashable, Sendable {
  /// One glyph: its face, size and id, and its origin on the baseline.
  public struct Glyph: Hashable, Sendable {
    public var face: FontFace
    public var id: UInt32
    /// Points per em.
    public var size: Double
    /// The glyph's origin (on the baseline), points, y down.
    public var x: Double
    public var y: Double
    /// The span's tag.
    public var tag: Int
    /// The index, in the layout's text (all spans' code points in order), of the first
    /// character of the glyph's cluster; -1 for an ellipsis truncation added.
    public var cluster: Int
  }

  /// An underline: a rectangle below a run of underlined glyphs, points, y down.
  public struct Underline: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var tag: Int
  }

  /// One line's place and extent.
  public struct Line: Hashable, Sendable {
    /// The top of the line, its baseline and its height (ascent + descent + leading).
    public var top: Double
    public var baseline: Double
    public var ascent: Double
    public var descent: Double
    public var leading: Double
    /// Where its first glyph starts and the advance of its glyphs (trailing spaces left out).
    public var x: Double
    public var width: Double
    /// Its glyphs in `glyphs`, left to right.
    public var glyphs: Range<Int>
    public var isRightToLeft: Bool
    public var isTruncated: Bool

    public var height: Double { ascent + descent + leading }
  }

  public var lines: [Line] = []
  public var glyphs: [Glyph] = []
  public var underlines: [Underline] = []

  public init() {}
}
