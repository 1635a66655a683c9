import CHarfBuzz

/// One glyph of a shaped run, as HarfBuzz places it, in font units.
struct ShapedGlyph: Hashable, Sendable {
  var glyph: UInt32
  /// The index of the first character of the glyph's cluster in the text given to `shape`.
  var cluster: Int
  var xAdvance: Int32
  var xOffset: Int32
  var yOffset: Int32
}

/// The only place that calls HarfBuzz: a font file's face with HarfBuzz's own OpenType
/// font functions at a scale of one unit per font unit, so that shaping reads the font's
/// unhinted metrics and nothing depends on a pixel size. Immutable once made
/// (`hb_font_make_immutable`), and HarfBuzz shapes with an immutable font from any thread.
@safe final class HarfBuzzFont: @unchecked Sendable {
  private let blob: OpaquePointer
  private let face: OpaquePointer
  private let font: OpaquePointer

  /// The corresponding C functions are `hb_blob_create_from_file_or_fail`,
  /// `hb_face_create` and `hb_font_create`.
  init(path: String, index: Int) throws(FontError) {
    guard let b = unsafe hb_blob_create_from_file_or_fail(path) else { throw FontError(.file(path), "cannot be read") }
    let f = unsafe hb_face_create(b, UInt32(clamping: index))!
    guard unsafe hb_face_get_glyph_count(f) > 0 else {
      unsafe hb_face_destroy(f)
      unsafe hb_blob_destroy(b)
      throw FontError(.file(path), "not a font file HarfBuzz can read")
    }
    let font = unsafe hb_font_create(f)!
    unsafe hb_font_make_immutable(font)
    unsafe (blob, face, self.font) = (b, f, font)
  }

  deinit {
    unsafe hb_font_destroy(font)
    unsafe hb_face_destroy(face)
    unsafe hb_blob_destroy(blob)
  }

  /// The corresponding C function is `hb_face_get_upem`.
  var unitsPerEm: Int { unsafe Int(hb_face_get_upem(face)) }

  /// Ascender (up, positive), descender (down, negative) and line gap, as HarfBuzz reads
  /// them (OS/2's typographic metrics where the font asks for them, else `hhea`). The
  /// corresponding C function is `hb_font_get_h_extents`.
  var extents: (ascender: Int32, descender: Int32, lineGap: Int32) {
    var e = hb_font_extents_t()
    _ = unsafe hb_font_get_h_extents(font, &e)
    return (e.ascender, e.descender, e.line_gap)
  }

  /// The underline's top (y up: negative below the baseline) and thickness from the `post`
  /// table, if the font has them. The corresponding C function is
  /// `hb_ot_metrics_get_position`.
  var underline: (position: Int32, thickness: Int32)? {
    var p: hb_position_t = 0, t: hb_position_t = 0
    guard unsafe hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_UNDERLINE_OFFSET, &p) != 0,
      unsafe hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_UNDERLINE_SIZE, &t) != 0, t > 0
    else { return nil }
    return (p, t)
  }

  /// The height of capital letters above the baseline (OS/2's `sCapHeight`), if the font
  /// gives it. The corresponding C function is `hb_ot_metrics_get_position`.
  var capHeight: Int32? {
    var h: hb_position_t = 0
    guard unsafe hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &h) != 0, h > 0 else { return nil }
    return h
  }

  /// The glyph the font maps `scalar` to, nil when it has none. The corresponding C
  /// function is `hb_font_get_nominal_glyph`.
  func nominalGlyph(_ scalar: UInt32) -> UInt32? {
    var g: hb_codepoint_t = 0
    return unsafe hb_font_get_nominal_glyph(font, scalar, &g) != 0 ? g : nil
  }

  /// Shapes `text[range]` (code points; the rest of `text` is context, so that Arabic
  /// letters join across a change of style) in one direction, the script guessed from the
  /// characters and the language fixed (so that no locale of the machine changes the
  /// glyphs). Glyphs come in visual order, left to right (a right-to-left run reversed);
  /// `kerning: false` turns the font's kerning off. The corresponding C functions are
  /// `hb_buffer_add_codepoints`, `hb_buffer_guess_segment_properties` and `hb_shape`.
  func shape(_ text: [UInt32], range: Range<Int>, rightToLeft: Bool, kerning: Bool) -> [ShapedGlyph] {
    guard !range.isEmpty else { return [] }
    let buffer = unsafe hb_buffer_create()!
    defer { unsafe hb_buffer_destroy(buffer) }
    unsafe text.withUnsafeBufferPointer { t in
      unsafe hb_buffer_add_codepoints(buffer, t.baseAddress, Int32(t.count), UInt32(range.lowerBound), Int32(range.count))
    }
    unsafe hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    unsafe hb_buffer_set_language(buffer, hb_language_from_string("en", -1))
    unsafe hb_buffer_guess_segment_properties(buffer)
    if kerning {
      unsafe hb_shape(font, buffer, nil, 0)
    } else {
      var feature = hb_feature_t()
      _ = unsafe hb_feature_from_string("-kern", -1, &feature)
      unsafe hb_shape(font, buffer, &feature, 1)
    }
    var count: UInt32 = 0
    guard let infos = unsafe hb_buffer_get_glyph_infos(buffer, &count),
      let positions = unsafe hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    var out: [ShapedGlyph] = []
    out.reserveCapacity(Int(count))
    for i in 0..<Int(count) {
      let info = unsafe infos[i], pos = unsafe positions[i]
      out.append(
        ShapedGlyph(
          glyph: info.codepoint, cluster: Int(info.cluster), xAdvance: pos.x_advance, xOffset: pos.x_offset,
          yOffset: pos.y_offset))
    }
    return out
  }
}
