import Strata
import StrataBackends
import StrataCompare
import StrataGL
import StrataRender
import StrataScene

/// Renders scene files on the GPU and on the CPU and compares the two with the default
/// cross-backend tier, exactly as `strata parity` and the golden tests do (no budget, no
/// loosening).
public final class Differential {
  /// What one scene gave.
  public enum Outcome: Sendable {
    case agree
    case differ(ImageComparison, cpu: PixelBuffer, gpu: PixelBuffer)
    /// Both backends refused the frame at the same limit (not a disagreement).
    case refused(String)
    /// One backend rendered and the other failed, or both failed otherwise: a disagreement.
    case failed(String)
    /// The scene did not load (a generator bug, or a reducer edit that broke the file).
    case invalid(String)

    public var isDisagreement: Bool {
      switch self {
      case .differ, .failed: true
      default: false
      }
    }
  }

  let gpu: GLRenderer
  let cpu = Backends.cpu
  /// Where the scenes' relative image and font paths start.
  public let baseDirectory: String

  /// Opens the GPU backend (llvmpipe counts); nil with the reason when there is none.
  public init(baseDirectory: String) throws(GLSetupError) {
    self.baseDirectory = baseDirectory
    gpu = try Backends.gpu().get()
  }

  public var gpuKey: String { gpu.info.backendKey }

  /// `scene` loaded as the scene loader loads a file (`fuzz.json`).
  public static func load(_ scene: FuzzJSON, baseDirectory: String) throws(SceneError) -> Scene {
    try SceneLoader.load(data: Array(scene.text().utf8), fileName: "fuzz.json", baseDirectory: baseDirectory)
  }

  /// Loads `scene` and renders it at `time` on both backends.
  public func run(_ scene: FuzzJSON, time: Double) -> Outcome {
    let s: Scene
    do {
      s = try Self.load(scene, baseDirectory: baseDirectory)
    } catch {
      return .invalid("\(error)")
    }
    let list = RenderListCompiler(width: s.pixelWidth, height: s.pixelHeight, scale: s.scale, background: s.background)
      .compile(s.root.snapshot(at: time))
    let c: Result<PixelBuffer, RenderError>
    let g: Result<PixelBuffer, RenderError>
    do throws(RenderError) { c = .success(try cpu.render(list)) } catch { c = .failure(error) }
    do throws(RenderError) { g = .success(try gpu.render(list)) } catch { g = .failure(error) }
    switch (c, g) {
    case (.success(let cpuPixels), .success(let gpuPixels)):
      let result = ImageComparator.compare(expected: cpuPixels.image, actual: gpuPixels.image, tolerance: .cross)
      return result.passed ? .agree : .differ(result, cpu: cpuPixels, gpu: gpuPixels)
    case (.failure(let a), .failure(let b)) where a.kind == .limitExceeded && b.kind == .limitExceeded:
      return .refused(a.message)
    case (.failure(let a), .success): return .failed("the CPU failed, the GPU rendered: \(a)")
    case (.success, .failure(let b)): return .failed("the GPU failed, the CPU rendered: \(b)")
    case (.failure(let a), .failure(let b)): return .failed("both failed: cpu: \(a); gpu: \(b)")
    }
  }
}
