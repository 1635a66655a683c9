import CEGL

/// A shared library opened with `dlopen`, closed never: GL drivers do not survive being
/// unloaded, and the process needs them until it exits.
///
/// The corresponding C functions are `dlopen` and `dlsym`.
@safe struct DynamicLibrary: @unchecked Sendable {
  let handle: UnsafeMutableRawPointer
  let name: String

  /// Opens the first of `names` that loads, or nil with the loader's reasons.
  static func open(_ names: [String]) -> Result<DynamicLibrary, GLSetupError> {
    var reasons: [String] = []
    for n in names {
      if let h = unsafe dlopen(n, RTLD_NOW | RTLD_LOCAL) {
        return .success(unsafe DynamicLibrary(handle: h, name: n))
      }
      reasons.append(unsafe dlerror().map { unsafe String(cString: $0) } ?? "\(n): cannot be loaded")
    }
    return .failure(.libraryMissing(names.joined(separator: " or "), reasons.joined(separator: "; ")))
  }

  func symbol(_ name: String) -> UnsafeMutableRawPointer? { unsafe dlsym(handle, name) }
}

/// Why the GPU backend could not be set up. Each case says what to install or try.
public enum GLSetupError: Error, CustomStringConvertible, Equatable {
  case libraryMissing(String, String)
  case functionMissing(String)
  case noDisplay(String)
  case contextFailed(String)
  case unsupported(String)

  public var description: String {
    switch self {
    case .libraryMissing(let l, let why): "\(l) is not installed (\(why))"
    case .functionMissing(let f): "the driver lacks \(f)"
    case .noDisplay(let why): why
    case .contextFailed(let why): "no OpenGL ES 3 context: \(why)"
    case .unsupported(let why): why
    }
  }
}
