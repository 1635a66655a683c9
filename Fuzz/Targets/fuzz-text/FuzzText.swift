import FuzzDriver
import StrataPath
import StrataText

/// The shipped test fonts (Tests/Fonts), found from this file, so the target runs from any
/// directory. Opened once.
private let faces: [FontFace] = {
  let fonts = #filePath.split(separator: "/").dropLast(4).joined(separator: "/")
  return ["DejaVuSans-Subset.ttf", "DejaVuSans-Bold-Subset.ttf"].map { name in
    do { return try FontLibrary.shared.face(file: "/\(fonts)/Tests/Fonts/\(name)") } catch {
      fatalError("fuzz-text needs the test fonts: \(error)")
    }
  }
}()

/// libFuzzer entry point: the first 6 bytes choose the box, the size, the modes and where
/// the text splits into a regular and a bold span; the rest is the text (UTF-8, invalid
/// sequences replaced). Layout must finish with glyphs inside the text's clusters and
/// finite positions; the glyphs' outlines are read too (FreeType through our wrapper).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard bytes.count >= 6 else { return 0 }
  let width = bytes[0] == 255 ? 0 : Double(bytes[0]) * 2 + 0.5
  let height = Double(bytes[1]) * 2
  let fontSize = 1 + Double(bytes[2] % 128)
  let modes = bytes[3]
  let alignment = TextAlignment.allCases[Int(modes % 5)]
  let truncation = TextTruncation.allCases[Int((modes / 5) % 4)]
  let wrapped = modes & 0x40 != 0
  let kerning: Double? = modes & 0x80 != 0 ? Double(Int(bytes[4] % 16) - 8) : nil
  let text = String(decoding: bytes[6...], as: UTF8.self)
  let scalars = Array(text.unicodeScalars)
  let cut = scalars.isEmpty ? 0 : Int(bytes[5]) % (scalars.count + 1)
  var first = String.UnicodeScalarView(), second = String.UnicodeScalarView()
  first.append(contentsOf: scalars[..<cut])
  second.append(contentsOf: scalars[cut...])
  let spans = [
    TextSpan(String(first), style: TextStyle(face: faces[0], size: fontSize, kerning: kerning), tag: 0),
    TextSpan(String(second), style: TextStyle(face: faces[1], size: fontSize, underline: bytes[4] & 0x10 != 0), tag: 1),
  ]
  let layout = TextLayout(
    TextLayoutInput(
      spans: spans, width: width, height: height, alignment: alignment, isWrapped: wrapped, truncation: truncation))
  for g in layout.glyphs {
    precondition(g.x.isFinite && g.y.isFinite, "a glyph at a non-finite position")
    precondition(g.cluster >= -1 && g.cluster < max(scalars.count, 1), "cluster \(g.cluster) outside the text")
    _ = g.face.outline(g.id).boundingBox
  }
  for line in layout.lines {
    precondition(line.glyphs.lowerBound >= 0 && line.glyphs.upperBound <= layout.glyphs.count, "a line's glyphs")
  }
  return 0
}

/// The program's entry point (see `runFuzzer`).
@_cdecl("fuzz_text_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, fuzzText)
}
