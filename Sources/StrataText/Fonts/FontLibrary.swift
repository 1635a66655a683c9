import StrataSync

/// Finds and opens fonts: by file, by family or PostScript name through fontconfig, and
/// fallback fonts for characters a font lacks. Every face is opened once and kept (faces
/// are small; a process uses a handful), so a `FontFace` can key caches.
///
/// A name is looked up as a PostScript name first (`DejaVuSans-Bold`), then as a family
/// (`DejaVu Sans`), then as `Family-Style` (`Helvetica-Bold`: family Helvetica, style
/// Bold). A family fontconfig can satisfy only with an unrelated fallback is an error:
/// the face found must carry the name asked for or one of its aliases, which are the
/// families fontconfig's configuration puts before the generic fallbacks every name gets
/// (for Helvetica: Nimbus Sans, TeX Gyre Heros, Arial, Liberation Sans…).
public final class FontLibrary: Sendable {
  public static let shared = FontLibrary()

  private struct State {
    var files: [String: FontFace] = [:]
    /// What each name resolved to, failures too: fontconfig's answer does not change while
    /// the process runs, and a layer naming a missing font asks again every frame.
    var names: [String: Result<FontFace, FontError>] = [:]
    var fallbacks: [FallbackKey: FontFace?] = [:]
  }
  private struct FallbackKey: Hashable {
    var scalar: UInt32
    var family: String
  }
  private let state = Locked(State())
  /// fontconfig calls, one at a time.
  private let fontconfig = Locked(())

  public init() {}

  /// The face at `index` of the font file `path`, opened once.
  public func face(file path: String, index: Int = 0) throws(FontError) -> FontFace {
    let key = "\(index):\(path)"
    if let f = state.withLock({ $0.files[key] }) { return f }
    let face = try FontFace(path: path, index: index)
    return state.withLock { s in
      if let f = s.files[key] { return f }
      s.files[key] = face
      return face
    }
  }

  /// The face fontconfig finds for `name`, a PostScript or family name.
  public func face(named name: String) throws(FontError) -> FontFace {
    if let known = state.withLock({ $0.names[name] }) { return try known.get() }
    let result: Result<FontFace, FontError>
    do throws(FontError) {
      let match = try resolve(name)
      result = .success(try face(file: match.file, index: match.index))
    } catch {
      result = .failure(error)
    }
    state.withLock { $0.names[name] = result }
    return try result.get()
  }

  /// The face fontconfig finds for `family` in `style` (`"Bold"`, `"Medium Italic"`): the
  /// family itself or one of its aliases (a metric-compatible face: Nimbus Sans for
  /// Helvetica), in the nearest style it has. A family fontconfig can satisfy only with an
  /// unrelated fallback is an error, as for `face(named:)`.
  public func face(family: String, style: String) throws(FontError) -> FontFace {
    let key = family + "\u{0}" + style
    if let known = state.withLock({ $0.names[key] }) { return try known.get() }
    let result: Result<FontFace, FontError>
    do throws(FontError) {
      guard !family.isEmpty else { throw FontError(.name(family), "an empty font family") }
      let (found, offered): (FontMatch?, FontMatch?) = fontconfig.withLock { _ in
        let m = Fontconfig.match(family: family, style: style.isEmpty ? nil : style)
        return (m.flatMap { Self.related($0, to: family) ? $0 : nil }, m)
      }
      guard let found else {
        let offer = offered.map { " (fontconfig offers only \($0.families.first ?? $0.file), an unrelated family)" } ?? ""
        throw FontError(.name(style.isEmpty ? family : "\(family) \(style)"), "no such font is installed\(offer)")
      }
      result = .success(try face(file: found.file, index: found.index))
    } catch {
      result = .failure(error)
    }
    state.withLock { $0.names[key] = result }
    return try result.get()
  }

  /// The file and face index `name` stands for, or an error saying what fontconfig offered.
  private func resolve(_ name: String) throws(FontError) -> FontMatch {
    guard !name.isEmpty else { throw FontError(.name(name), "an empty font name") }
    let (found, offered): (FontMatch?, FontMatch?) = fontconfig.withLock { _ in
      if let m = Fontconfig.fonts(postScriptName: name).first { return (m, m) }
      let m = Fontconfig.match(family: name, style: nil)
      if let m, Self.related(m, to: name) { return (m, m) }
      // Family-Style: Helvetica-Bold, DejaVuSans-Oblique.
      if let dash = name.lastIndex(of: "-"), dash != name.startIndex, name.index(after: dash) != name.endIndex {
        let family = String(name[..<dash]), style = String(name[name.index(after: dash)...])
        if let s = Fontconfig.match(family: family, style: style), Self.related(s, to: family),
          s.style.lowercased().contains(style.lowercased())
        {
          return (s, s)
        }
      }
      return (nil, m)
    }
    if let found { return found }
    let offer = offered.map { " (fontconfig offers only \($0.families.first ?? $0.file), an unrelated family)" } ?? ""
    throw FontError(.name(name), "no such font is installed\(offer)")
  }

  /// Whether `m` is `name` or one of its aliases. Called with fontconfig's lock held.
  private static func related(_ m: FontMatch, to name: String) -> Bool {
    let families = Set(m.families.map { $0.lowercased() })
    return aliases(of: name).contains { families.contains($0) }
  }

  /// `name` and the families fontconfig substitutes for it before the generic list that
  /// any name gets (found by asking for a name no font has).
  static func aliases(of name: String) -> [String] {
    let asked = Fontconfig.substitutedFamilies(name).map { $0.lowercased() }
    let generic = Array(Fontconfig.substitutedFamilies("strata-no-such-font-family").dropFirst().prefix(3)).map { $0.lowercased() }
    var end = asked.count
    if generic.count == 3 {
      for i in 0..<max(asked.count - 2, 0) where Array(asked[i..<i + 3]) == generic {
        end = i
        break
      }
    }
    return [name.lowercased()] + asked.prefix(end)
  }

  /// A face that has `scalar`, for text in `face` that lacks it: fontconfig's first choice
  /// among outline fonts (never a colour font), nil when none has it.
  ///
  /// - Complexity: one fontconfig sort per (character, family), then a dictionary lookup.
  public func fallback(for scalar: Unicode.Scalar, near face: FontFace) -> FontFace? {
    let key = FallbackKey(scalar: scalar.value, family: face.familyName)
    if let f = state.withLock({ $0.fallbacks[key] }) { return f }
    let match = fontconfig.withLock { _ in Fontconfig.fallback(for: scalar.value, family: face.familyName) }
    var found: FontFace? = nil
    if let match, let f = try? self.face(file: match.file, index: match.index), f.glyph(for: scalar) != nil { found = f }
    state.withLock { $0.fallbacks[key] = found }
    return found
  }
}
