import CHarfBuzz

/// HarfBuzz's own numbers for a font file, computed here with its C API at a 26.6 scale of
/// the size (HarfBuzz scales the font itself), independently of StrataText's font-unit
/// shaping: what the metric tests compare with.
struct HarfBuzzReference {
  let font: OpaquePointer
  let size: Double

  init(path: String, size: Double) {
    let blob = hb_blob_create_from_file(path)!
    let face = hb_face_create(blob, 0)!
    font = hb_font_create(face)!
    self.size = size
    let scale = Int32((size * 64).rounded())
    hb_font_set_scale(font, scale, scale)
  }

  /// Ascender, descender (positive, down) and line gap in points.
  var extents: (ascender: Double, descender: Double, lineGap: Double) {
    var e = hb_font_extents_t()
    hb_font_get_h_extents(font, &e)
    return (Double(e.ascender) / 64, Double(-e.descender) / 64, Double(e.line_gap) / 64)
  }

  /// The glyphs `text` shapes to, left to right, with advances in points.
  func shape(_ text: String, rightToLeft: Bool = false) -> [(glyph: UInt32, cluster: UInt32, advance: Double)] {
    let buffer = hb_buffer_create()!
    defer { hb_buffer_destroy(buffer) }
    let scalars = text.unicodeScalars.map(\.value)
    scalars.withUnsafeBufferPointer { hb_buffer_add_codepoints(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count)) }
    hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font, buffer, nil, 0)
    var n: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &n)!, positions = hb_buffer_get_glyph_positions(buffer, &n)!
    return (0..<Int(n)).map { (infos[$0].codepoint, infos[$0].cluster, Double(positions[$0].x_advance) / 64) }
  }

  /// The total advance of `text` in points.
  func advance(_ text: String) -> Double { shape(text).reduce(0) { $0 + $1.advance } }
}
