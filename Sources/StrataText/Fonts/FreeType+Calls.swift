import CFreeType
import StrataPath

/// The only place that calls FreeType: a font file opened as a face, its names, and glyph
/// outlines in font units (`FT_LOAD_NO_SCALE`: never hinted, never a bitmap).
///
/// Each face has a FreeType library of its own, since FreeType objects must not be used by
/// two threads at once; `FontFace` calls these methods only under its lock. The face's
/// pointers are FreeType's, freed in `deinit`; the outline's points are read inside
/// `FT_Outline_Decompose`'s callbacks, which copy them into a `Path`.
@safe final class FreeTypeFace: @unchecked Sendable {
  private let library: OpaquePointer
  private let face: FT_Face

  /// Opens face `index` of the font file at `path`. The corresponding C functions are
  /// `FT_Init_FreeType`, `FT_Property_Set` and `FT_New_Face`.
  init(path: String, index: Int) throws(FontError) {
    var lib: OpaquePointer? = nil
    guard unsafe FT_Init_FreeType(&lib) == 0, let lib = unsafe lib else { throw FontError(.file(path), "FreeType could not start") }
    // CoreText neither hints nor darkens stems; FreeType darkens CFF stems only when asked,
    // and is told not to, so that no default of a future version changes the outlines.
    var no: UInt8 = 1
    _ = unsafe FT_Property_Set(lib, "cff", "no-stem-darkening", &no)
    var f: FT_Face? = nil
    let error = unsafe FT_New_Face(lib, path, FT_Long(index), &f)
    guard error == 0, let f = unsafe f else {
      unsafe FT_Done_FreeType(lib)
      throw FontError(.file(path), Self.explain(error))
    }
    guard unsafe (f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0 else {
      unsafe FT_Done_Face(f)
      unsafe FT_Done_FreeType(lib)
      throw FontError(.file(path), "a bitmap font without outlines (Strata draws outline fonts only)")
    }
    unsafe library = lib
    unsafe face = f
  }

  deinit {
    unsafe FT_Done_Face(face)
    unsafe FT_Done_FreeType(library)
  }

  /// FreeType's error codes that a user can act on, in words.
  private static func explain(_ error: FT_Error) -> String {
    switch error {
    case 0x01: "cannot be opened (missing or unreadable)"
    case 0x02: "not a font file (unknown format)"
    case 0x03: "a font format FreeType cannot read"
    case 0x06: "the file holds no face of that index"
    default: "not a valid font file (FreeType error \(error))"
    }
  }

  var familyName: String { unsafe face.pointee.family_name.map { unsafe String(cString: $0) } ?? "" }
  var styleName: String { unsafe face.pointee.style_name.map { unsafe String(cString: $0) } ?? "" }
  /// The corresponding C function is `FT_Get_Postscript_Name`.
  var postScriptName: String { unsafe FT_Get_Postscript_Name(face).map { unsafe String(cString: $0) } ?? "" }
  var unitsPerEm: Int { unsafe Int(face.pointee.units_per_EM) }
  var hasColorGlyphs: Bool { unsafe (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0 }

  /// The outline of `glyph` in font units (y up), or nil when it has none (a space, a
  /// colour bitmap). The corresponding C functions are `FT_Load_Glyph` and
  /// `FT_Outline_Decompose`.
  func outline(glyph: UInt32) -> StrataPath.Path? {
    guard unsafe FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_BITMAP)) == 0 else { return nil }
    guard let slot = unsafe face.pointee.glyph, unsafe slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
    let sink = OutlineSink()
    var funcs = unsafe FT_Outline_Funcs(
      move_to: { to, user in
        unsafe OutlineSink.from(user).move(unsafe to!.pointee)
        return 0
      },
      line_to: { to, user in
        unsafe OutlineSink.from(user).line(unsafe to!.pointee)
        return 0
      },
      conic_to: { c, to, user in
        unsafe OutlineSink.from(user).quad(unsafe c!.pointee, unsafe to!.pointee)
        return 0
      },
      cubic_to: { c1, c2, to, user in
        unsafe OutlineSink.from(user).cubic(unsafe c1!.pointee, unsafe c2!.pointee, unsafe to!.pointee)
        return 0
      },
      shift: 0, delta: 0)
    var outline = unsafe slot.pointee.outline
    let user = unsafe Unmanaged.passUnretained(sink).toOpaque()
    guard unsafe FT_Outline_Decompose(&outline, &funcs, user) == 0 else { return nil }
    return sink.finish()
  }
}

/// Collects `FT_Outline_Decompose`'s segments as a path: each contour a closed subpath.
private final class OutlineSink {
  var path = StrataPath.Path()
  var open = false

  @unsafe static func from(_ user: UnsafeMutableRawPointer?) -> OutlineSink {
    unsafe Unmanaged<OutlineSink>.fromOpaque(user!).takeUnretainedValue()
  }

  private static func point(_ v: FT_Vector) -> PathPoint { PathPoint(Double(v.x), Double(v.y)) }

  func move(_ p: FT_Vector) {
    if open { path.closeSubpath() }
    path.move(to: Self.point(p))
    open = true
  }
  func line(_ p: FT_Vector) { path.addLine(to: Self.point(p)) }
  func quad(_ c: FT_Vector, _ p: FT_Vector) { path.addQuadCurve(to: Self.point(p), control: Self.point(c)) }
  func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ p: FT_Vector) {
    path.addCurve(to: Self.point(p), control1: Self.point(c1), control2: Self.point(c2))
  }
  func finish() -> StrataPath.Path {
    if open { path.closeSubpath() }
    return path
  }
}
