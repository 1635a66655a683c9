import FuzzDriver
import Strata
import StrataLottie
import StrataRender

/// libFuzzer entry point: the bytes as a Lottie file. The import must return an animation
/// or throw a `LottieError`; an imported animation is then built into a layer tree on a
/// small canvas, snapshotted at its first, middle and last frame (so the keyframe
/// evaluation, easing, holds and path interpolation run) and compiled into a render list
/// (so its paths are flattened, stroked and rasterised into masks). No image file is read:
/// there is no base directory, so only embedded images load.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let animation: LottieAnimation
  do {
    animation = try LottieAnimation(bytes: bytes, fileName: "fuzz.json", baseDirectory: nil)
  } catch {
    _ = error.description
    return 0
  }
  precondition(animation.width > 0 && animation.height > 0, "an imported animation has an empty canvas")
  let root = animation.makeLayer(width: 48, height: 32)
  let compiler = RenderListCompiler(width: 48, height: 32)
  for progress in [0.0, 0.5, 1.0] {
    let t = animation.time(forFrame: animation.frame(forProgress: progress))
    guard t.isFinite else { continue }
    _ = compiler.compile(root.snapshot(at: t))
  }
  return 0
}

/// The program's entry point (see `runFuzzer`).
@_cdecl("fuzz_lottie_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, fuzzLottie)
}
