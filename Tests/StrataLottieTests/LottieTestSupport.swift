import Foundation
import Strata
import StrataCPU
import StrataLottie
import StrataRender

/// Small Lottie documents written in the tests, and rendering them.
enum Lottie {
  /// A document `w` x `h` at `fr` fps over frames 0…`op` with the given layers (JSON).
  static func document(w: Double = 100, h: Double = 100, fr: Double = 10, ip: Double = 0, op: Double = 20, layers: String, assets: String = "[]") -> String {
    #"{"v": "5.7.0", "fr": \#(fr), "ip": \#(ip), "op": \#(op), "w": \#(w), "h": \#(h), "assets": \#(assets), "layers": [\#(layers)]}"#
  }

  /// A solid layer `w` x `h` of `color` with the given extra members (`"ks": …`).
  static func solid(color: String = "#ff0000", w: Double = 100, h: Double = 100, ip: Double = 0, op: Double = 20, _ members: String = "") -> String {
    #"{"ty": 1, "sc": "\#(color)", "sw": \#(w), "sh": \#(h), "ip": \#(ip), "op": \#(op), "st": 0\#(members.isEmpty ? "" : ", " + members)}"#
  }

  static func load(_ json: String, strict: Bool = false) throws(LottieError) -> LottieAnimation {
    try LottieAnimation(bytes: Array(json.utf8), fileName: "test.json", baseDirectory: nil, options: LottieOptions(strict: strict))
  }

  /// Frame `frame` rendered on the CPU at `w` x `h` pixels (the animation fitted by `fit`).
  static func render(_ a: LottieAnimation, frame: Double, w: Int = 100, h: Int = 100, fit: LottieFit = .contain) throws -> PixelBuffer {
    let snapshot = a.makeLayer(width: Double(w), height: Double(h), fit: fit).snapshot(at: a.time(forFrame: frame))
    return try CPURenderer().render(RenderListCompiler(width: w, height: h, scale: 1, background: .clear).compile(snapshot))
  }
}

extension String {
  /// The message of the error that importing this document throws, or nil.
  var importError: LottieError? {
    do throws(LottieError) {
      _ = try Lottie.load(self)
      return nil
    } catch {
      return error
    }
  }
}
