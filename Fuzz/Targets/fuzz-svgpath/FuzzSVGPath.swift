import FuzzDriver
import StrataPath

/// libFuzzer entry point: the bytes (as UTF-8, invalid sequences replaced) as SVG path
/// data. Parsing must return a path or throw an `SVGPathError` with an offset inside the
/// input; a parsed path's own path data must parse again to the same number of elements.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let path: Path
  do {
    path = try Path(svgPathData: text)
  } catch {
    precondition(error.offset >= 0 && error.offset <= text.utf8.count, "error offset \(error.offset) outside the input")
    return 0
  }
  let written = path.svgPathData
  do {
    let again = try Path(svgPathData: written)
    precondition(again.elements.count == path.elements.count, "round trip changed the element count: \(written)")
  } catch {
    preconditionFailure("the path data a path writes does not parse: \(written): \(error)")
  }
  _ = path.boundingBox
  return 0
}

/// The program's entry point (see `runFuzzer`).
@_cdecl("fuzz_svgpath_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, fuzzSVGPath)
}
