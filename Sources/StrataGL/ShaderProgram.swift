import CEGL

/// A linked program built from the embedded `Shaders/` sources.
///
/// Programs are compiled when first needed and cached by name and variant defines; a
/// compile or link failure throws with the driver's info log. Like every GL object, the
/// program is deleted through `garbage` the next time its context is current, never from
/// `deinit` (which may run on any thread, with no context current).
final class ShaderProgram {
  let id: GLuint
  private var uniforms: [String: GLint] = [:]
  private let gl: GLCalls
  private let garbage: GLGarbage

  convenience init(
    _ gl: GLCalls, vertex: String, fragment: String, defines: [String] = [], garbage: GLGarbage,
    cache: ProgramCacheBinding? = nil
  ) throws(GLRenderError) {
    guard let vs = EmbeddedShaders.sources[vertex], let fs = EmbeddedShaders.sources[fragment] else {
      throw .shader("shader \(vertex) or \(fragment) is not embedded")
    }
    try self.init(
      gl, vertexSource: Self.withDefines(vs, defines), fragmentSource: Self.withDefines(fs, defines),
      names: (vertex, fragment), garbage: garbage, cache: cache)
  }

  /// A program from source text (the shader mirror tests build theirs from `Shaders/`);
  /// with `cache`, loaded from the binary stored for these sources when there is one, and
  /// its binary stored after linking otherwise.
  init(
    _ gl: GLCalls, vertexSource: String, fragmentSource: String, names: (String, String), garbage: GLGarbage,
    cache: ProgramCacheBinding? = nil
  ) throws(GLRenderError) {
    self.gl = gl
    self.garbage = garbage
    let key = cache?.key(vertex: vertexSource, fragment: fragmentSource)
    if let cache, let key, let p = cache.load(gl, key: key) {
      id = p
      return
    }
    let (vertex, fragment) = names
    let v = try Self.compile(gl, GLenum(GL_VERTEX_SHADER), vertexSource, name: vertex)
    let f: GLuint
    do {
      f = try Self.compile(gl, GLenum(GL_FRAGMENT_SHADER), fragmentSource, name: fragment)
    } catch {
      gl.deleteShader(v)
      throw error
    }
    let p = gl.createProgram()
    gl.attachShader(p, v)
    gl.attachShader(p, f)
    if cache != nil { gl.programParameteri(p, GLenum(GL_PROGRAM_BINARY_RETRIEVABLE_HINT), GLint(GL_TRUE)) }
    gl.linkProgram(p)
    gl.deleteShader(v)
    gl.deleteShader(f)
    guard gl.getProgramiv(p, GL_LINK_STATUS) == GL_TRUE else {
      let log = gl.getProgramInfoLog(p)
      gl.deleteProgram(p)
      throw .shader("linking \(vertex) + \(fragment) failed:\n\(log)")
    }
    if let cache, let key { cache.store(gl, p, key: key) }
    id = p
  }

  deinit { garbage.release(.program, id) }

  func uniform(_ name: String) -> GLint {
    if let u = uniforms[name] { return u }
    let u = gl.getUniformLocation(id, name)
    uniforms[name] = u
    return u
  }

  /// Inserts `#define` lines after the `#version` line.
  static func withDefines(_ source: String, _ defines: [String]) -> String {
    guard !defines.isEmpty, let nl = source.firstIndex(of: "\n") else { return source }
    return source[...nl] + defines.map { "#define \($0)\n" }.joined() + source[source.index(after: nl)...]
  }

  static func compile(_ gl: GLCalls, _ type: GLenum, _ source: String, name: String) throws(GLRenderError) -> GLuint {
    let s = gl.createShader(type)
    gl.shaderSource(s, source)
    gl.compileShader(s)
    guard gl.getShaderiv(s, GL_COMPILE_STATUS) == GL_TRUE else {
      let log = gl.getShaderInfoLog(s)
      gl.deleteShader(s)
      throw .shader("compiling \(name) failed:\n\(log)")
    }
    return s
  }
}
