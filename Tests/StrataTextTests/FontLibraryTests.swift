import CFreeType
import Foundation
import Testing

@testable import StrataText

@Suite struct FontLibraryTests {
  @Test func filesOpenOnceWithTheirNames() throws {
    let a = try FontLibrary.shared.face(file: TestFonts.sansPath)
    let b = try FontLibrary.shared.face(file: TestFonts.sansPath)
    #expect(a === b)
    #expect(a.familyName == "DejaVu Sans")
    #expect(a.postScriptName == "DejaVuSans")
    #expect(a.unitsPerEm == 2048)
  }

  @Test func missingAndUnreadableFilesAreErrors() throws {
    #expect(throws: FontError.self) { try FontLibrary().face(file: "/nonexistent/font.ttf") }
    do {
      _ = try FontLibrary().face(file: "/nonexistent/font.ttf")
    } catch {
      #expect(error.description == "/nonexistent/font.ttf: cannot be opened (missing or unreadable)")
    }
    let junk = FileManager.default.temporaryDirectory.appendingPathComponent("strata-not-a-font-\(getpid()).ttf")
    try Data("not a font".utf8).write(to: junk)
    defer { try? FileManager.default.removeItem(at: junk) }
    do {
      _ = try FontLibrary().face(file: junk.path)
      Issue.record("a text file opened as a font")
    } catch {
      #expect(error.reason == "not a font file (unknown format)")
    }
  }

  /// Helvetica, the default, is a metric-compatible clone from fonts-urw-base35 (Nimbus
  /// Sans) or fonts-liberation2 (Liberation Sans), whichever fontconfig prefers.
  @Test func helveticaResolvesToAMetricCompatibleFace() throws {
    let face = try FontLibrary.shared.face(named: "Helvetica")
    #expect(["Nimbus Sans", "Nimbus Sans L", "TeX Gyre Heros", "Liberation Sans", "Arimo"].contains(face.familyName), "\(face)")
    let bold = try FontLibrary.shared.face(named: "Helvetica-Bold")
    #expect(bold.styleName.contains("Bold"), "\(bold)")
  }

  /// "Related" is what fontconfig's configuration substitutes for a name before the generic
  /// fallbacks any name gets: Helvetica's metric aliases (30-metric-aliases.conf) are, the
  /// sans-serif list is not.
  @Test func aliasesAreTheConfiguredSubstitutes() {
    let helvetica = Set(FontLibrary.aliases(of: "Helvetica"))
    #expect(helvetica.isSuperset(of: ["helvetica", "nimbus sans", "liberation sans", "arial"]), "\(helvetica)")
    #expect(!helvetica.contains("dejavu sans") && !helvetica.contains("noto sans"), "\(helvetica)")
    let dejavu = Set(FontLibrary.aliases(of: "DejaVu Sans"))
    #expect(dejavu.contains("dejavu sans") && !dejavu.contains("nimbus sans"), "\(dejavu)")
    #expect(Set(FontLibrary.aliases(of: "Strata Missing Family")) == ["strata missing family"])
  }

  @Test func postScriptAndFamilyNames() throws {
    // DejaVu Sans is installed wherever fontconfig is (fontconfig-config depends on it).
    let byFamily = try FontLibrary.shared.face(named: "DejaVu Sans")
    #expect(byFamily.familyName == "DejaVu Sans")
    let byPostScript = try FontLibrary.shared.face(named: "DejaVuSans-Bold")
    #expect(byPostScript.postScriptName == "DejaVuSans-Bold")
  }

  @Test func aNameOnlyAnUnrelatedFallbackSatisfiesIsAnError() {
    do {
      _ = try FontLibrary().face(named: "Strata Missing Family")
      Issue.record("an unknown family resolved")
    } catch {
      #expect(error.subject == .name("Strata Missing Family"))
      #expect(error.reason.hasPrefix("no such font is installed"), "\(error)")
    }
  }

  /// A character the font lacks comes from a fallback that has it: the shipped bold subset
  /// has no Hebrew.
  @Test func fallbackFontsDrawWhatTheFontLacks() throws {
    let bold = TestFonts.bold
    #expect(bold.glyph(for: "ש") == nil)
    let layout = TestFonts.layout("aש", size: 20, face: bold)
    #expect(layout.glyphs.count == 2)
    let hebrew = layout.glyphs.first { $0.cluster == 1 }!
    #expect(hebrew.face != bold)
    #expect(hebrew.id == hebrew.face.glyph(for: "ש"))
    #expect(hebrew.id != 0)
  }

  /// Outlines are FreeType's, unscaled: the bounding box FreeType reports for the glyph.
  @Test func outlinesAreInFontUnits() throws {
    let face = TestFonts.sans
    let g = face.glyph(for: "H")!
    let outline = face.outline(g)
    let box = try #require(outline.controlPointBounds)
    // DejaVu Sans H as FreeType's FT_Outline_Get_BBox gives it unscaled: x 201…1339, y 0…1493.
    #expect(box.minX == 201 && box.maxX == 1339 && box.minY == 0 && box.maxY == 1493)
    #expect(face.outline(face.glyph(for: " ")!).isEmpty)
  }

  /// By family and style (a Lottie file's `fFamily` and `fStyle`): the family or one of its
  /// metric-compatible aliases in the nearest style; an unrelated fallback is an error.
  @Test func familiesAndStyles() throws {
    let regular = try FontLibrary.shared.face(family: "Helvetica", style: "Regular")
    #expect(["Nimbus Sans", "Liberation Sans", "TeX Gyre Heros", "Arimo"].contains(regular.familyName), "\(regular)")
    #expect(!regular.styleName.contains("Bold"), "\(regular)")
    let bold = try FontLibrary.shared.face(family: "DejaVu Sans", style: "Bold")
    #expect(bold.familyName == "DejaVu Sans" && bold.styleName == "Bold", "\(bold)")
    #expect(throws: FontError.self) { try FontLibrary.shared.face(family: "Strata Missing Family", style: "Medium") }
  }

  /// Cap height: the font's own figure (OS/2 version 2 and later), else the top of its
  /// "H" (the shipped subset's OS/2 table is version 1).
  @Test func capHeight() throws {
    let face = TestFonts.sans
    let h = try #require(face.glyph(for: "H"))
    #expect(face.metrics.capHeight == face.outline(h).controlPointBounds?.maxY)
    #expect(abs(face.metrics.capHeight / face.unitsPerEm - 0.729) < 0.001)
    let nimbus = try FontLibrary.shared.face(family: "Helvetica", style: "Regular")
    #expect(abs(nimbus.metrics.capHeight / nimbus.unitsPerEm - 0.72) < 0.02, "\(nimbus): \(nimbus.metrics)")
  }
}
