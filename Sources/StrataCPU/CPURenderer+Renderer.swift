import StrataRender

/// The CPU renderer never fails: it draws any list the compiler makes, at any canvas size
/// the model allows, so it ends every fallback chain.
extension CPURenderer: Renderer {
  public var name: String { "cpu" }
}
