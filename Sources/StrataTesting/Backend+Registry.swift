import Foundation
import StrataBackends
import StrataSync

extension Backend {
  /// Backends added at run time, after the built-in ones.
  private static let registered = Locked<[Backend]>([])

  /// Every backend tests should run on: the built-in ones that work on this machine, then
  /// the registered ones, in registration order.
  ///
  /// Use it to parameterise tests: `@Test(arguments: Backend.available)`. Swift Testing
  /// evaluates arguments when it plans the run, so registration must happen before then,
  /// for example from a `static let` the argument expression reads.
  public static var available: [Backend] {
    let extra = registered.withLock { $0 }
    return builtIn.filter { b in !extra.contains { $0.name == b.name } } + extra
  }

  /// Adds a backend to `available`, replacing one of the same name.
  ///
  /// This is the hook for renderers outside this module (a GPU backend probed at run time,
  /// a user's own renderer): build a `Backend` whose closure renders a `RenderList`, and
  /// register it once the device is known to work.
  public static func register(_ backend: Backend) {
    registered.withLock { list in
      list.removeAll { $0.name == backend.name }
      list.append(backend)
    }
  }

  /// Removes a registered backend; built-in ones cannot be removed.
  public static func unregister(named name: String) {
    registered.withLock { list in list.removeAll { $0.name == name } }
  }

  /// The backends this module knows without registration: the CPU renderer, and the GPU
  /// renderer when a headless EGL context can be made (probed once; a GPU that fails to
  /// initialise is left out, not failed). Any GPU counts, llvmpipe included: testing both
  /// backends is the point here, whatever `--backend auto` would pick. Its reference key
  /// names the driver (`gles3-llvmpipe`, `gles3-nvidia`, …) and falls back to `gles3`, then
  /// `cpu`.
  static let builtIn: [Backend] = {
    guard ProcessInfo.processInfo.environment["STRATA_BACKEND"] != "cpu",
      case .success(let gl) = Backends.gpu()
    else { return [.cpu] }
    let gpu = Backend(name: gl.info.backendKey, fallbackKeys: ["gles3", "cpu"]) { list in try gl.render(list) }
    return [.cpu, gpu]
  }()
}
