import StrataRender

/// The CPU renderer fails only where no renderer can succeed: it draws any list the
/// compiler makes, at any canvas size the model allows and any image size, so it ends
/// every fallback chain; it refuses (`.limitExceeded`) only a list over the offscreen
/// memory budget, which the GPU renderer refuses too.
extension CPURenderer: Renderer {
  public var name: String { "cpu" }
}
