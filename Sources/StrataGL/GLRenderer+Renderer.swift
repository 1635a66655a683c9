import StrataRender

extension GLRenderer: Renderer {
  /// `gpu (<GL renderer> via <EGL platform>)`, e.g. `gpu (llvmpipe (LLVM 15.0.6, 256 bits) via surfaceless)`.
  public var name: String { "gpu (\(info.renderer) via \(info.platform.rawValue))" }
}

extension RenderError {
  /// The backend-neutral form of a GL failure: a canvas the GPU cannot hold is for another
  /// renderer; everything else may go away on a fresh context.
  init(_ error: GLRenderError) {
    switch error {
    case .unsupported(let why): self.init(.unsupported, why)
    case .contextLost, .glError, .shader: self.init(.deviceFailure, error.description)
    }
  }
}
