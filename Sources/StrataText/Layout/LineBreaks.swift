/// Where lines may break, after Unicode's line breaking algorithm (UAX #14) for the cases
/// text layers need: after a run of spaces, after a hyphen or dash between letters, and
/// before or after CJK ideographs and kana, never before closing punctuation or after
/// opening punctuation, never before a combining mark or around a no-break space.
enum LineBreaks {
  /// `breaks[i]` (i in 0...n) says whether a line may end before `text[i]`: false at 0,
  /// true at n.
  ///
  /// - Complexity: O(n).
  static func opportunities(_ text: [UInt32]) -> [Bool] {
    let n = text.count
    var out = [Bool](repeating: false, count: n + 1)
    out[n] = true
    guard n > 1 else { return out }
    for i in 1..<n { out[i] = allowed(before: i, in: text) }
    return out
  }

  private static func allowed(before i: Int, in text: [UInt32]) -> Bool {
    let a = text[i - 1], b = text[i]
    if isSpace(b) { return false }  // LB7: spaces stay with what precedes them
    if a == 0x200B { return true }  // LB8: after a zero-width space
    if isMark(b) || b == 0x200D { return false }  // LB9: marks and joiners stay on their base
    if isGlue(a) || isGlue(b) { return false }  // LB11, LB12: word joiner, no-break spaces
    if isClosing(b) { return false }  // LB13, LB16: before closing punctuation, even after spaces
    if isSpace(a) { return true }  // LB18: after spaces
    if isOpening(a) { return false }  // LB14: after opening punctuation
    if isHyphen(a) {
      // LB21 and its tailoring: after a hyphen between letters ("well-known"), not before a
      // number ("-5") or after a lone one.
      let before = i >= 2 ? text[i - 2] : 0
      return isLetter(b) && (isLetter(before) || isDigit(before))
    }
    if isNonStarter(b) { return false }  // small kana, iteration marks
    return isIdeographic(a) || isIdeographic(b)  // LB31 with ID on either side
  }

  /// Spaces that hang at a line's end and separate words (not the no-break ones).
  static func isSpace(_ c: UInt32) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x1680 || (0x2000...0x2006).contains(c) || (0x2008...0x200A).contains(c)
      || c == 0x205F || c == 0x3000
  }

  private static func isGlue(_ c: UInt32) -> Bool { c == 0xA0 || c == 0x202F || c == 0x2007 || c == 0x2060 || c == 0xFEFF }

  private static func isHyphen(_ c: UInt32) -> Bool { c == 0x2D || c == 0x2010 || c == 0x2013 || c == 0x2014 }

  static func isMark(_ c: UInt32) -> Bool {
    guard let s = Unicode.Scalar(c) else { return false }
    switch s.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  private static func isLetter(_ c: UInt32) -> Bool { Unicode.Scalar(c)?.properties.isAlphabetic ?? false }
  private static func isDigit(_ c: UInt32) -> Bool { (0x30...0x39).contains(c) }

  /// CJK ideographs, kana, Hangul syllables and fullwidth forms (class ID).
  static func isIdeographic(_ c: UInt32) -> Bool {
    (0x2E80...0x2FFF).contains(c) || (0x3003...0x303F).contains(c) || (0x3040...0x30FF).contains(c)
      || (0x3400...0x4DBF).contains(c) || (0x4E00...0x9FFF).contains(c) || (0xAC00...0xD7A3).contains(c)
      || (0xF900...0xFAFF).contains(c) || (0xFF01...0xFF5E).contains(c) || (0x20000...0x3FFFD).contains(c)
  }

  /// Opening punctuation (class OP, and the opening quotes).
  private static func isOpening(_ c: UInt32) -> Bool {
    [0x28, 0x5B, 0x7B, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
     0xFF08, 0xFF3B, 0xFF5B, 0xFF5F].contains(c)
  }

  /// Closing punctuation, exclamations and infix separators (CL, CP, EX, IS).
  private static func isClosing(_ c: UInt32) -> Bool {
    [0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x2019, 0x201D, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F,
     0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F, 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F,
     0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF64].contains(c)
  }

  /// Characters that do not start a line in CJK text (class NS and small kana, CJ).
  private static func isNonStarter(_ c: UInt32) -> Bool {
    [0x3005, 0x301C, 0x303B, 0x309B, 0x309C, 0x309D, 0x309E, 0x30A0, 0x30FB, 0x30FC, 0x30FD, 0x30FE, 0x3041, 0x3043,
     0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7,
     0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6].contains(c)
  }
}
