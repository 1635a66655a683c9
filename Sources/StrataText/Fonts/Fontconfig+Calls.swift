import CFontconfig

/// A font file and face index fontconfig found, with the family names it gives the font.
struct FontMatch: Hashable, Sendable {
  var file: String
  var index: Int
  var families: [String]
  var style: String
}

/// The only place that calls fontconfig: names to files, the families a name stands for,
/// and fonts that have a character. Every function builds its patterns, queries the
/// default configuration and destroys what it made before returning; `FontLibrary` calls
/// them under its lock.
enum Fontconfig {
  /// The font fontconfig picks for `family` (and `style`, if given): the best match, which
  /// may be an unrelated fallback (the caller decides). The corresponding C functions are
  /// `FcConfigSubstitute`, `FcDefaultSubstitute` and `FcFontMatch`.
  static func match(family: String, style: String?) -> FontMatch? {
    guard let pattern = unsafe FcPatternCreate() else { return nil }
    defer { unsafe FcPatternDestroy(pattern) }
    _ = unsafe FcPatternAddString(pattern, FC_FAMILY, family)
    if let style { _ = unsafe FcPatternAddString(pattern, FC_STYLE, style) }
    _ = unsafe FcPatternAddBool(pattern, FC_OUTLINE, 1)
    guard unsafe FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
    unsafe FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let found = unsafe FcFontMatch(nil, pattern, &result) else { return nil }
    defer { unsafe FcPatternDestroy(found) }
    return unsafe read(found)
  }

  /// The family names fontconfig's configuration puts in a pattern asking for `family`,
  /// in order: the name, its aliases (metric-compatible faces such as Nimbus Sans and
  /// Liberation Sans for Helvetica), then the generic fallbacks every name gets. The
  /// corresponding C functions are `FcConfigSubstitute`, `FcDefaultSubstitute` and
  /// `FcPatternGetString`.
  static func substitutedFamilies(_ family: String) -> [String] {
    guard let pattern = unsafe FcPatternCreate() else { return [] }
    defer { unsafe FcPatternDestroy(pattern) }
    _ = unsafe FcPatternAddString(pattern, FC_FAMILY, family)
    guard unsafe FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return [] }
    unsafe FcDefaultSubstitute(pattern)
    return unsafe strings(pattern, FC_FAMILY)
  }

  /// The fonts whose PostScript name is exactly `name`, sorted by file. The corresponding
  /// C function is `FcFontList`.
  static func fonts(postScriptName name: String) -> [FontMatch] {
    guard let pattern = unsafe FcPatternCreate() else { return [] }
    defer { unsafe FcPatternDestroy(pattern) }
    _ = unsafe FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, name)
    guard let objects = unsafe FcObjectSetCreate() else { return [] }
    defer { unsafe FcObjectSetDestroy(objects) }
    for o in [FC_FILE, FC_INDEX, FC_FAMILY, FC_STYLE, FC_OUTLINE] { _ = unsafe FcObjectSetAdd(objects, o) }
    guard let set = unsafe FcFontList(nil, pattern, objects) else { return [] }
    defer { unsafe FcFontSetDestroy(set) }
    var out: [FontMatch] = []
    for i in 0..<Int(unsafe set.pointee.nfont) {
      guard let p = unsafe set.pointee.fonts[i], unsafe bool(p, FC_OUTLINE) != false, let m = unsafe read(p) else { continue }
      out.append(m)
    }
    return out.sorted { ($0.file, $0.index) < ($1.file, $1.index) }
  }

  /// The first font, in fontconfig's order of preference for `family`, that has an outline
  /// glyph for `scalar` and is not a colour font. The corresponding C functions are
  /// `FcFontSort`, `FcPatternGetCharSet` and `FcCharSetHasChar`.
  static func fallback(for scalar: UInt32, family: String) -> FontMatch? {
    guard let pattern = unsafe FcPatternCreate() else { return nil }
    defer { unsafe FcPatternDestroy(pattern) }
    _ = unsafe FcPatternAddString(pattern, FC_FAMILY, family)
    if let charset = unsafe FcCharSetCreate() {
      _ = unsafe FcCharSetAddChar(charset, scalar)
      _ = unsafe FcPatternAddCharSet(pattern, FC_CHARSET, charset)
      unsafe FcCharSetDestroy(charset)
    }
    _ = unsafe FcPatternAddBool(pattern, FC_OUTLINE, 1)
    guard unsafe FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
    unsafe FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let set = unsafe FcFontSort(nil, pattern, 1, nil, &result) else { return nil }
    defer { unsafe FcFontSetDestroy(set) }
    for i in 0..<Int(unsafe set.pointee.nfont) {
      guard let p = unsafe set.pointee.fonts[i] else { continue }
      var cs: OpaquePointer? = nil
      guard unsafe FcPatternGetCharSet(p, FC_CHARSET, 0, &cs) == FcResultMatch, let cs = unsafe cs,
        unsafe FcCharSetHasChar(cs, scalar) != 0, unsafe bool(p, FC_OUTLINE) != false, unsafe bool(p, FC_COLOR) != true
      else { continue }
      return unsafe read(p)
    }
    return nil
  }

  @unsafe private static func read(_ p: OpaquePointer) -> FontMatch? {
    guard let file = unsafe strings(p, FC_FILE).first else { return nil }
    var index: Int32 = 0
    _ = unsafe FcPatternGetInteger(p, FC_INDEX, 0, &index)
    return FontMatch(file: file, index: Int(index), families: unsafe strings(p, FC_FAMILY), style: unsafe strings(p, FC_STYLE).first ?? "")
  }

  @unsafe private static func strings(_ p: OpaquePointer, _ object: String) -> [String] {
    var out: [String] = []
    var i: Int32 = 0
    while true {
      var s: UnsafeMutablePointer<FcChar8>? = nil
      guard unsafe FcPatternGetString(p, object, i, &s) == FcResultMatch, let s = unsafe s else { break }
      out.append(unsafe String(cString: s))
      i += 1
    }
    return out
  }

  @unsafe private static func bool(_ p: OpaquePointer, _ object: String) -> Bool? {
    var b: FcBool = 0
    guard unsafe FcPatternGetBool(p, object, 0, &b) == FcResultMatch else { return nil }
    return b != 0
  }
}
