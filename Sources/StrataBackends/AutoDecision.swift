import StrataGL

/// What the EGL probe found, as `--backend auto` weighs it.
public enum GPUFinding: Sendable, Equatable {
  /// A GPU in hardware (an EGL device or a GBM render node's driver): `<GL renderer> via
  /// <EGL platform>`.
  case hardware(String)
  /// A software rasteriser (llvmpipe, softpipe, SwiftShader), named the same way.
  case software(String)
  /// No GPU context, and why.
  case none(String)

  /// The finding of a probe's outcome.
  public init(_ probe: Result<GLRenderer, GLSetupError>) {
    switch probe {
    case .success(let gl):
      let name = "\(gl.info.renderer) via \(gl.info.platform.rawValue)"
      self = gl.info.isSoftware ? .software(name) : .hardware(name)
    case .failure(let e): self = .none("\(e)")
    }
  }
}

/// What `--backend auto` renders on, and why: a hardware GPU when there is one, otherwise
/// the CPU renderer.
///
/// A software GPU is not taken: on the showcase the CPU renderer takes about 9 ms, llvmpipe
/// 76 ms with Mesa's shader cache warm and over a second cold (README, "The `strata`
/// command"). `--backend gpu` still takes llvmpipe.
public struct AutoDecision: Sendable, Equatable, CustomStringConvertible {
  /// `.gpu` or `.cpu`.
  public var choice: BackendChoice
  public var reason: String

  public init(_ finding: GPUFinding) {
    switch finding {
    case .hardware(let name):
      choice = .gpu
      reason = "a hardware GPU: \(name)"
    case .software(let name):
      choice = .cpu
      reason = "the only GPU is \(name), a software rasteriser; the CPU renderer is faster"
    case .none(let why):
      choice = .cpu
      reason = "no hardware GPU: \(why)"
    }
  }

  /// `auto: cpu (the only GPU is a software rasteriser, …)`.
  public var description: String { "auto: \(choice.rawValue) (\(reason))" }
}
