import CEGL

/// A linked program built from the embedded `Shaders/` sources.
///
/// Programs are compiled when first needed and cached by name and variant defines; a
/// compile or link failure throws with the driver's info log.
final class ShaderProgram {
  let id: GLuint
  private var uniforms: [String: GLint] = [:]
  private let gl: GLCalls

  init(_ gl: GLCalls, vertex: String, fragment: String, defines: [String] = []) throws(GLRenderError) {
    self.gl = gl
    guard let vs = EmbeddedShaders.sources[vertex], let fs = EmbeddedShaders.sources[fragment] else {
      throw .shader("shader \(vertex) or \(fragment) is not embedded")
    }
    let v = try Self.compile(gl, GLenum(GL_VERTEX_SHADER), Self.withDefines(vs, defines), name: vertex)
    let f: GLuint
    do {
      f = try Self.compile(gl, GLenum(GL_FRAGMENT_SHADER), Self.withDefines(fs, defines), name: fragment)
    } catch {
      gl.deleteShader(v)
      throw error
    }
    let p = gl.createProgram()
    gl.attachShader(p, v)
    gl.attachShader(p, f)
    gl.linkProgram(p)
    gl.deleteShader(v)
    gl.deleteShader(f)
    var ok: GLint = 0
    gl.getProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
    guard ok == GL_TRUE else {
      let log = Self.log { n, len, buf in gl.getProgramInfoLog(p, n, len, buf) } size: {
        var n: GLint = 0
        gl.getProgramiv(p, GLenum(GL_INFO_LOG_LENGTH), &n)
        return n
      }
      gl.deleteProgram(p)
      throw .shader("linking \(vertex) + \(fragment) failed:\n\(log)")
    }
    id = p
  }

  deinit { gl.deleteProgram(id) }

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
    source.withCString { p in
      var ptr: UnsafePointer<GLchar>? = p
      gl.shaderSource(s, 1, &ptr, nil)
    }
    gl.compileShader(s)
    var ok: GLint = 0
    gl.getShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
    guard ok == GL_TRUE else {
      let log = Self.log { n, len, buf in gl.getShaderInfoLog(s, n, len, buf) } size: {
        var n: GLint = 0
        gl.getShaderiv(s, GLenum(GL_INFO_LOG_LENGTH), &n)
        return n
      }
      gl.deleteShader(s)
      throw .shader("compiling \(name) failed:\n\(log)")
    }
    return s
  }

  private static func log(
    _ fetch: (GLsizei, UnsafeMutablePointer<GLsizei>, UnsafeMutablePointer<GLchar>) -> Void, size: () -> GLint
  ) -> String {
    let n = max(1, Int(size()))
    var buf = [GLchar](repeating: 0, count: n + 1)
    var len: GLsizei = 0
    buf.withUnsafeMutableBufferPointer { fetch(GLsizei(n), &len, $0.baseAddress!) }
    let bytes = buf.prefix(Int(len)).map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
