import Foundation
import Strata
import StrataCPU
import StrataPNG
import StrataRender
import StrataGoldenScenes
import Testing

/// Renders a layer tree on the CPU for tests that check pixels directly.
enum Golden {
  static func render(_ root: Layer, width: Int, height: Int, scale: Double = 1, background: Color = Color(0.12, 0.12, 0.14)) -> PixelBuffer {
    let list = RenderListCompiler(width: width, height: height, scale: scale, background: background).compile(root.snapshot())
    return try! CPURenderer().render(list)  // small scenes, within the limits
  }
}
