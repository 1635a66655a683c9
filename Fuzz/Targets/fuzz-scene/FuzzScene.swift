import FuzzDriver
import StrataScene

/// libFuzzer entry point: the bytes as a scene file. Loading must return a scene or throw a
/// `SceneError`; a trap, a sanitizer report or a leak of time or memory is a finding.
/// Images are looked up in a directory that does not exist, so that a mutated path never
/// reads (or waits on) a file of the machine's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let scene = try SceneLoader.load(
      data: bytes, fileName: "fuzz.json", baseDirectory: "/nonexistent-strata-fuzz",
      pixelBudget: 1 << 20, limits: SceneLimits(maxLayers: 2000))
    // Every number in a loaded scene is finite (SceneLoader's promise).
    precondition(scene.pixelWidth > 0 && scene.pixelHeight > 0, "a loaded scene has an empty canvas")
  } catch {
    _ = error.description
  }
  return 0
}

/// The program's entry point (see `runFuzzer`).
@_cdecl("fuzz_scene_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runFuzzer(argc, argv, fuzzScene)
}
