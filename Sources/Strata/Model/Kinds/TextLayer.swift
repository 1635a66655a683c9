/// A font as a text layer names it (`CATextLayer.font`): a family or PostScript name, found
/// through fontconfig when the layer is drawn, or a font file.
public enum TextFont: Hashable, Sendable, CustomStringConvertible {
  /// A family (`"DejaVu Sans"`) or PostScript name (`"DejaVuSans-Bold"`, `"Helvetica-Bold"`).
  case named(String)
  /// A font file (TrueType, OpenType or a collection's first face), by its path.
  case file(String)

  /// Core Animation's default.
  public static let helvetica = TextFont.named("Helvetica")

  public var description: String {
    switch self {
    case .named(let n): n
    case .file(let f): f
    }
  }
}

/// One attributed run of a text layer's string: its text and the attributes that override
/// the layer's (nil takes the layer's `font`, `fontSize` or `foregroundColor`).
public struct TextRun: Hashable, Sendable {
  public var text: String
  public var font: TextFont?
  public var fontSize: Double?
  public var foregroundColor: Color?
  /// nil: the font's kerning. A number k: no font kerning, and k points added after every
  /// character (`NSKernAttributeName`).
  public var kerning: Double?
  public var underline: Bool

  public init(
    _ text: String, font: TextFont? = nil, fontSize: Double? = nil, foregroundColor: Color? = nil, kerning: Double? = nil,
    underline: Bool = false
  ) {
    self.text = text
    self.font = font
    self.fontSize = fontSize
    self.foregroundColor = foregroundColor
    self.kerning = kerning
    self.underline = underline
  }
}

/// A text layer's string (`CATextLayer.string`, a `String` or an `NSAttributedString`):
/// plain text in the layer's attributes, or attributed runs.
public enum TextString: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  case plain(String)
  case attributed([TextRun])

  public init(stringLiteral value: String) { self = .plain(value) }

  /// The runs, a plain string as one run without attributes of its own.
  public var runs: [TextRun] {
    switch self {
    case .plain(let s): [TextRun(s)]
    case .attributed(let r): r
    }
  }

  /// The characters, without attributes.
  public var text: String { runs.map(\.text).joined() }

  public var description: String { text }
}

/// A layer that draws text (`CATextLayer`), with Core Animation's property names and
/// defaults: Helvetica, 36 points, opaque white, lines from the top of the bounds, clipped
/// to the bounds (its backing store's extent in Core Animation) even without
/// `masksToBounds`.
///
/// The text is laid out in points from the fonts' unhinted metrics and rasterised in device
/// pixels, so a scaled, rotated or tilted text layer stays sharp; `contentsScale` changes
/// neither its size nor its pixels (README, "Rendering semantics").
public final class TextLayer: Layer {
  /// How lines sit between the bounds' edges (`CATextLayerAlignmentMode`).
  public enum AlignmentMode: String, CaseIterable, Sendable {
    /// Left in a left-to-right paragraph, right in a right-to-left one.
    case natural, left, right, center
    /// Every line but each paragraph's last stretched to the width at its spaces.
    case justified
  }
  /// Where text too long for the bounds is cut with "…" (`CATextLayerTruncationMode`).
  public enum TruncationMode: String, CaseIterable, Sendable {
    case none, start, middle, end
  }

  /// The text; nil draws nothing. Changes discretely in animations (keyframes of strings).
  public var string: TextString?
  public var font: TextFont = .helvetica
  /// Points per em. Animatable.
  public var fontSize: Double = 36
  /// The text's colour; nil draws none (runs with a colour of their own still draw).
  /// Animatable.
  public var foregroundColor: Color? = .white
  /// Whether lines wrap at the bounds' width (at word boundaries; a word longer than a line
  /// breaks between characters).
  public var isWrapped = false
  public var truncationMode: TruncationMode = .none
  public var alignmentMode: AlignmentMode = .natural

  public override class var typeName: String { "text" }

  public override class var copiedPropertyNames: Set<String> {
    ["string", "font", "fontSize", "foregroundColor", "isWrapped", "truncationMode", "alignmentMode"]
  }

  public override func copyProperties(from layer: Layer) {
    super.copyProperties(from: layer)
    guard let l = layer as? TextLayer else { return }
    (string, font, fontSize, foregroundColor) = (l.string, l.font, l.fontSize, l.foregroundColor)
    (isWrapped, truncationMode, alignmentMode) = (l.isWrapped, l.truncationMode, l.alignmentMode)
  }

  public override class var animatableProperties: [AnimatableProperty] {
    AnimatableProperty.number("fontSize", \TextLayer.fontSize)
      + AnimatableProperty.color("foregroundColor", \TextLayer.foregroundColor)
      + AnimatableProperty.text("string", \TextLayer.string)
  }

  /// The text at one instant: everything its layout and colours depend on (the bounds come
  /// with the layer).
  public struct Snapshot: LayerKindSnapshot {
    public var string: TextString?
    public var font: TextFont
    public var fontSize: Double
    public var foregroundColor: Color?
    public var isWrapped: Bool
    public var truncationMode: TruncationMode
    public var alignmentMode: AlignmentMode
  }

  public override func kindSnapshot() -> (any LayerKindSnapshot)? {
    Snapshot(
      string: string, font: font, fontSize: fontSize, foregroundColor: foregroundColor, isWrapped: isWrapped,
      truncationMode: truncationMode, alignmentMode: alignmentMode)
  }
}
