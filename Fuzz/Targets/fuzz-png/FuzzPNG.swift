import FuzzDriver
import Strata
import StrataPNG

/// libFuzzer entry point: the bytes as a PNG file. Decoding must return an image whose
/// pixels match its size, or throw a `PNGError`; a decoded image must encode again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let image = try? PNG.decode(bytes, name: "fuzz.png", pixelBudget: 1 << 22) else { return 0 }
  precondition(image.width > 0 && image.height > 0, "a decoded PNG has an empty size")
  do {
    let again = try PNG.decode(try PNG.encode(image), name: "again.png")
    precondition(again.width == image.width && again.height == image.height, "re-encoding changed the size")
  } catch {
    preconditionFailure("a decoded image does not round-trip: \(error)")
  }
  return 0
}

/// The program's entry point (see `runFuzzer`).
@_cdecl("fuzz_png_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, fuzzPNG)
}
