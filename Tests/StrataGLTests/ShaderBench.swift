import CEGL
import Foundation

@testable import StrataGL

/// Evaluates GLSL expressions over a table of inputs on the GPU and reads the results back
/// bit for bit, so that the functions `Shaders/*.glsl` mirror can be compared with their
/// Swift originals.
///
/// The fragment shader is built from `#include` lines resolved against the embedded
/// `Shaders/` files (the text the renderer's shaders get), then one fragment per case:
/// `arg(k)` reads the case's k-th vec4 from an RGBA32F texture, and the expression's
/// vec4 is written as `floatBitsToUint` into an RGBA32UI target (core OpenGL ES 3.0, no
/// float colour buffer needed) and read back with `glReadPixels`.
struct ShaderBench {
  /// `#include "name.glsl"` lines, in order.
  var includes: [String]
  /// GLSL that runs first in `main` (locals the expressions share).
  var prelude = ""

  static let vertex = """
    #version 300 es
    void main() {
      vec2 c = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
      gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);
    }
    """

  /// The fragment shader for one expression.
  func fragment(_ expression: String, width: Int) throws -> String {
    var text = """
      #version 300 es
      precision highp float;
      precision highp int;
      precision highp sampler2D;

      """
    for name in includes {
      guard let source = EmbeddedShaders.sources[name] else { throw BenchError.missing(name) }
      text += "// begin \(name)\n\(source)\n// end \(name)\n"
    }
    text += """
      uniform highp sampler2D u_inputs;
      out uvec4 result;
      int caseIndex() { return int(gl_FragCoord.y) * \(width) + int(gl_FragCoord.x); }
      vec4 arg(int k) { return texelFetch(u_inputs, ivec2(k, caseIndex()), 0); }
      void main() {
      \(prelude)
        result = floatBitsToUint(\(expression));
      }
      """
    return text
  }

  enum BenchError: Error { case missing(String), incomplete(GLenum), gl(GLenum) }

  /// Each of `expressions` for every case of `inputs` (each case the same number of vec4s).
  func evaluate(_ gl: GLCalls, _ garbage: GLGarbage, inputs: [[SIMD4<Float>]], _ expressions: [String]) throws -> [[SIMD4<Float>]] {
    let n = inputs.count, k = inputs.first?.count ?? 0
    precondition(n > 0 && n <= 16384 && inputs.allSatisfy { $0.count == k }, "1...16384 cases of equal size")
    let width = min(n, 256), height = (n + width - 1) / width
    while gl.getError() != GLenum(GL_NO_ERROR) {}
    gl.disable(GLenum(GL_BLEND))

    let source = GLTexture(gl, width: k, height: n, levels: 1, garbage: garbage)
    gl.activeTexture(GLenum(GL_TEXTURE0))
    gl.bindTexture(GLenum(GL_TEXTURE_2D), source.id)
    gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA32F), GLsizei(k), GLsizei(n))
    gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
    gl.texSubImage2D(
      GL_TEXTURE_2D, level: 0, x: 0, y: 0, width: k, height: n, format: GL_RGBA, type: GL_FLOAT,
      pixels: inputs.flatMap { $0.flatMap { [$0.x, $0.y, $0.z, $0.w] } })
    let target = GLTexture(gl, width: width, height: height, levels: 1, garbage: garbage)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), target.id)
    gl.texStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA32UI), GLsizei(width), GLsizei(height))
    let fb = gl.genFramebuffer()
    defer { garbage.release(.framebuffer, fb) }
    gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), fb)
    gl.framebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), target.id, 0)
    let status = gl.checkFramebufferStatus(GLenum(GL_FRAMEBUFFER))
    guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw BenchError.incomplete(status) }
    gl.viewport(0, 0, GLsizei(width), GLsizei(height))
    let vao = GLName(gl, .vertexArray, garbage: garbage)
    gl.bindVertexArray(vao.id)
    gl.bindTexture(GLenum(GL_TEXTURE_2D), source.id)

    var results: [[SIMD4<Float>]] = []
    for e in expressions {
      let program = try ShaderProgram(
        gl, vertexSource: Self.vertex, fragmentSource: try fragment(e, width: width), names: ("bench.vert", "bench.frag"),
        garbage: garbage)
      gl.useProgram(program.id)
      gl.uniform1i(program.uniform("u_inputs"), 0)
      gl.drawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, 1)
      var bits = [UInt32](repeating: 0, count: width * height * 4)
      gl.readPixels(x: 0, y: 0, width: width, height: height, format: GL_RGBA_INTEGER, type: GL_UNSIGNED_INT, into: &bits)
      gl.useProgram(0)
      let error = gl.getError()
      guard error == GLenum(GL_NO_ERROR) else { throw BenchError.gl(error) }
      results.append((0..<n).map { i in
        SIMD4(Float(bitPattern: bits[i * 4]), Float(bitPattern: bits[i * 4 + 1]), Float(bitPattern: bits[i * 4 + 2]), Float(bitPattern: bits[i * 4 + 3]))
      })
    }
    gl.bindVertexArray(0)
    gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    return results
  }
}

/// The largest difference between two values, relative to the larger magnitude above 1
/// (absolute below); infinities and NaNs count as equal only to themselves.
func mirrorError(_ gpu: Float, _ swift: Float) -> Float {
  if gpu == swift || (gpu.isNaN && swift.isNaN) { return 0 }
  if !gpu.isFinite || !swift.isFinite { return .infinity }
  return abs(gpu - swift) / max(1, abs(gpu), abs(swift))
}
