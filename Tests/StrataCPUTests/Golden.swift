import Foundation
import Strata
import StrataCPU
import StrataPNG
import StrataRender
import StrataGoldenScenes
import Testing

/// Same-backend golden comparison: every channel within ±1 of the reference, no pixel more.
///
/// References live in `Golden/` beside this file. A missing reference, or `STRATA_RECORD=1`,
/// records the current rendering and fails the test, so a recording is never mistaken for a
/// pass. A mismatch writes `<name>.actual.png` to the temporary directory and names it.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

  static func render(_ root: Layer, width: Int, height: Int, scale: Double = 1, background: Color = Color(0.12, 0.12, 0.14)) -> PixelBuffer {
    let list = RenderListCompiler(width: width, height: height, scale: scale, background: background).compile(root.snapshot())
    return CPURenderer().render(list)
  }

  static func expectMatch(_ buffer: PixelBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = directory.appendingPathComponent("\(name).png").path
    let record = ProcessInfo.processInfo.environment["STRATA_RECORD"] == "1"
    guard !record, FileManager.default.fileExists(atPath: path) else {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try PNG.write(buffer, to: path)
      Issue.record("recorded golden image \(path); look at it, then run the tests again", sourceLocation: sourceLocation)
      return
    }
    let reference = try PNG.read(path: path)
    let expected = PixelBuffer(image: reference)
    guard expected.width == buffer.width, expected.height == buffer.height else {
      Issue.record("\(name): size \(buffer.width)x\(buffer.height) differs from the reference's \(expected.width)x\(expected.height)", sourceLocation: sourceLocation)
      return
    }
    // The reference went through straight alpha; compare after the same round trip.
    let actual = PixelBuffer(image: try PNG.decode(try PNG.encode(buffer), name: name))
    var worst = 0, count = 0
    for i in 0..<actual.pixels.count {
      let d = abs(Int(actual.pixels[i]) - Int(expected.pixels[i]))
      if d > 1 { count += 1 }
      worst = max(worst, d)
    }
    if count > 0 {
      let out = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).actual.png").path
      try? PNG.write(buffer, to: out)
      Issue.record("\(name): \(count) channels differ by more than 1 (largest \(worst)); actual image: \(out)", sourceLocation: sourceLocation)
    }
  }
}

