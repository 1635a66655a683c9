import Foundation
import Strata
import StrataCPU
import StrataGL
import StrataRender
import Synchronization
import Testing

/// One GPU renderer for the whole suite (creating contexts is slow on llvmpipe).
///
/// On CI (`CI=true`) the GPU tests must run: a missing context is a failure, not a skip.
enum GPU {
  static let shared: Result<GLRenderer, GLSetupError> = {
    do throws(GLSetupError) { return .success(try GLRenderer()) } catch { return .failure(error) }
  }()

  /// Whether GPU tests run here: a context exists, or CI requires them (where a missing
  /// context is then reported as a failure by `renderer()`).
  static var runs: Bool {
    if case .success = shared { return true }
    return ProcessInfo.processInfo.environment["CI"] == "true"
  }

  /// Why GPU tests are skipped: `.enabled(if: GPU.runs, GPU.skipReason)`.
  static var skipReason: Comment {
    if case .failure(let e) = shared { return Comment(rawValue: "no EGL context: \(e)") }
    return "a GPU context exists"
  }

  static func renderer(sourceLocation: SourceLocation = #_sourceLocation) throws -> GLRenderer {
    switch shared {
    case .success(let r): return r
    case .failure(let e):
      Issue.record("no GPU context: \(e)", sourceLocation: sourceLocation)
      throw e
    }
  }
}

/// How two renderings of one scene differ.
struct Difference: CustomStringConvertible {
  var largest = 0
  var pixelsOver2 = 0
  var pixels = 0
  var meanAbsolute: [Double] = [0, 0, 0, 0]

  init(_ a: PixelBuffer, _ b: PixelBuffer) {
    precondition(a.width == b.width && a.height == b.height)
    pixels = a.width * a.height
    var sums = [Int](repeating: 0, count: 4)
    for i in 0..<pixels {
      var over = false
      for c in 0..<4 {
        let d = abs(Int(a.pixels[i * 4 + c]) - Int(b.pixels[i * 4 + c]))
        sums[c] += d
        largest = max(largest, d)
        if d > 2 { over = true }
      }
      if over { pixelsOver2 += 1 }
    }
    meanAbsolute = sums.map { Double($0) / Double(pixels) }
  }

  var shareOver2: Double { Double(pixelsOver2) / Double(pixels) }

  var description: String {
    "largest \(largest)/255, \(pixelsOver2) pixels (\(String(format: "%.3f", shareOver2 * 100))%) differ by more than 2, mean |d| per channel "
      + meanAbsolute.map { String(format: "%.3f", $0) }.joined(separator: " ")
  }
}
