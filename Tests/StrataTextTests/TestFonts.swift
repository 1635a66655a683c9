import Foundation
import StrataText

/// The fonts the repository ships for tests (`Tests/Fonts`, subsets of DejaVu Sans made by
/// `make_fonts.py`), so that no result depends on the fonts a machine has.
enum TestFonts {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fonts")
  static let sansPath = directory.appendingPathComponent("DejaVuSans-Subset.ttf").path
  static let boldPath = directory.appendingPathComponent("DejaVuSans-Bold-Subset.ttf").path
  static var sans: FontFace { try! FontLibrary.shared.face(file: sansPath) }
  static var bold: FontFace { try! FontLibrary.shared.face(file: boldPath) }

  /// A one-span layout of `text` in the shipped sans at `size`.
  static func layout(
    _ text: String, size: Double = 36, width: Double = 1000, height: Double = 1000, alignment: TextAlignment = .natural,
    wrapped: Bool = false, truncation: TextTruncation = .none, face: FontFace = sans
  ) -> TextLayout {
    TextLayout(
      TextLayoutInput(
        spans: [TextSpan(text, style: TextStyle(face: face, size: size))], width: width, height: height,
        alignment: alignment, isWrapped: wrapped, truncation: truncation))
  }
}
