import Strata
import StrataBackends
import StrataRender
import Synchronization

/// A renderer that golden tests run on, and the reference images it is compared against.
///
/// A backend's `referenceKeys` are a fallback chain, most specific first: a GPU backend
/// might be `["gles3-llvmpipe", "gles3", "cpu"]`. The first key is the backend's own: its
/// references are compared with the strict tier. A reference found further down the chain
/// was rendered by another backend, so it is compared with the cross-backend tier. Every
/// chain ends at `cpu`, the reference backend, so a new backend needs no references of its
/// own until it is known to differ.
///
/// Two backends are equal when their names and chains are; the render closure is not
/// compared.
public struct Backend: Sendable, Hashable, CustomStringConvertible {
  /// The backend's own reference key, e.g. `"cpu"` or `"gles3-llvmpipe"`.
  public let name: String
  /// Where references are looked up, in order; `referenceKeys[0] == name`.
  public let referenceKeys: [String]
  /// Whether this backend defines what correct output is. Cross-backend comparisons
  /// (`strata parity`, benign-pair corpora) treat its images as the expected side.
  public let isReference: Bool
  private let renderer: @Sendable (RenderList) throws -> PixelBuffer

  /// A backend named `name` whose references fall back to `fallbackKeys` in order.
  ///
  /// Keys name files (`card.<key>.png`), so they use lower-case letters, digits, `-` and
  /// `_` only.
  public init(
    name: String, fallbackKeys: [String] = ["cpu"], isReference: Bool = false,
    render: @escaping @Sendable (RenderList) throws -> PixelBuffer
  ) {
    for key in [name] + fallbackKeys {
      precondition(Backend.isValidKey(key), "Backend key '\(key)' must be non-empty and use only a-z, 0-9, '-' and '_'")
    }
    precondition(!fallbackKeys.contains(name), "Backend '\(name)' lists itself as a fallback")
    self.name = name
    self.referenceKeys = [name] + fallbackKeys
    self.isReference = isReference
    self.renderer = render
  }

  /// Renders `list` to pixels.
  public func render(_ list: RenderList) throws -> PixelBuffer {
    try renderer(list)
  }

  /// The software renderer: the reference every other backend is compared against.
  public static let cpu = Backend(name: "cpu", fallbackKeys: [], isReference: true) { list in
    try Backends.cpu.render(list)
  }

  /// The backend whose images define correct output.
  public static var reference: Backend { .cpu }

  public var description: String { name }

  public static func == (a: Backend, b: Backend) -> Bool {
    a.name == b.name && a.referenceKeys == b.referenceKeys && a.isReference == b.isReference
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(referenceKeys)
  }

  static func isValidKey(_ key: String) -> Bool {
    !key.isEmpty && key.utf8.allSatisfy { c in
      (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F
    }
  }
}
