/// A rendering backend the user can ask for.
public enum BackendChoice: String, CaseIterable, Sendable {
  /// The GPU when one can be used, else the CPU renderer.
  case auto
  case cpu
  case gpu

  /// Why the GPU backend cannot be used in this build.
  static let gpuUnavailable = "the GPU backend (OpenGL ES 3 over EGL) is not part of this build yet"
}
