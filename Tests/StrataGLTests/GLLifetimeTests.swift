import CEGL
import Foundation
import Strata
import StrataRender
import Testing

@testable import StrataGL

/// GL entry points and object lifetimes (issue 9.4).
@Suite(.serialized) struct GLLifetimeTests {
  /// The loader requires exactly the entry points Strata calls: a driver that lacks a
  /// function nobody calls must not make the GPU backend unavailable. Every function the
  /// loader asks for (with a stand-in symbol for each) is called somewhere in StrataGL.
  @Test func onlyCalledEntryPointsAreRequired() throws {
    var asked: [String] = []
    let stand = UnsafeMutableRawPointer(bitPattern: 0x1000)!
    _ = GLCalls.load { name in
      asked.append(name)
      return stand
    }
    let dir = repoRoot.appendingPathComponent("Sources/StrataGL")
    let sources = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }
      .map { try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    // Required: without it, loading fails (extensions are looked up but optional).
    let required = asked.filter { name in
      if case .failure = GLCalls.load({ $0 == name ? nil : stand }) { return true }
      return false
    }
    // glFooBar is the member fooBar; a call site reads `fooBar(` or `fooBar?(`.
    let uncalled = required.filter { name in
      guard name.hasPrefix("gl") else { return true }
      var member = String(name.dropFirst(2))
      member = member.prefix(1).lowercased() + member.dropFirst()
      return !sources.contains("\(member)(") && !sources.contains("\(member)?(")
    }
    #expect(required.count > 40)
    #expect(uncalled.isEmpty, "required but never called: \(uncalled)")
  }

  /// A missing required function is named in the error.
  @Test func aMissingFunctionIsNamed() {
    let stand = UnsafeMutableRawPointer(bitPattern: 0x1000)!
    let result = GLCalls.load { $0 == "glTexStorage2D" ? nil : stand }
    guard case .failure(let e) = result else {
      Issue.record("loaded without glTexStorage2D")
      return
    }
    #expect(e == .functionMissing("glTexStorage2D"))
  }

  /// A program released while no context is current is deleted, through the deferred
  /// queue, the next time the context is (at the next frame), like every other GL object.
  @Test(.enabled(if: GPU.runs, GPU.skipReason)) func releasedProgramIsDeletedAtTheNextFrame() throws {
    let r = try GPU.renderer()
    var program: ShaderProgram? = try r.withCurrentContext { gl, garbage in
      try ShaderProgram(gl, vertex: "draw.vert", fragment: "draw.frag", garbage: garbage)
    }
    let id = try #require(program?.id)
    program = nil  // no context is current here
    _ = try r.render(RenderListCompiler(width: 4, height: 4).compile(Layer().snapshot()))
    let exists = try r.withCurrentContext { gl, _ -> Bool in
      while gl.getError() != GLenum(GL_NO_ERROR) {}
      _ = gl.getProgramiv(id, GL_DELETE_STATUS)
      return gl.getError() != GLenum(GL_INVALID_VALUE)
    }
    #expect(!exists, "program \(id) still exists after its owner was released")
  }
}
