import Strata

/// A backend that draws a compiled `RenderList` into pixels: the one contract between the
/// render list and every renderer (`CPURenderer`, `GLRenderer`, and the fallback chain of
/// `StrataBackends` above both), as wlroots' renderer interface is between its scene and
/// its backends.
///
/// A renderer may be shared between threads; one that cannot draw concurrently serialises
/// its calls.
public protocol Renderer: Sendable {
  /// Who draws, for messages and `--verbose`: `cpu`, `gpu (llvmpipe … via surfaceless)`.
  var name: String { get }

  /// Draws a compiled list into `target`, overwriting every pixel (the list's background
  /// first).
  ///
  /// Every transform in `list` is finite, every clip it names comes earlier, and every
  /// offscreen group is closed (`RenderListCompiler` guarantees all three). `target` must
  /// have the list's size: a mismatch is a programmer error and traps.
  ///
  /// Throws when this renderer cannot draw the frame; `target` is then unspecified and the
  /// caller draws the frame elsewhere (`RenderError.Kind` says where to go next).
  func render(_ list: RenderList, into target: inout PixelBuffer) throws(RenderError)
}

extension Renderer {
  /// Renders `list` into a new buffer of its size.
  public func render(_ list: RenderList) throws(RenderError) -> PixelBuffer {
    var target = PixelBuffer(width: list.width, height: list.height)
    try render(list, into: &target)
    return target
  }
}

/// Why a renderer did not draw a frame. The kind tells a fallback chain what to try next.
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// This renderer cannot draw this list (a canvas beyond the GPU's render target
    /// limit): trying again here is pointless, another renderer can.
    case unsupported
    /// The device failed (an error, a lost or reset context, a shader that does not
    /// build): a fresh context may succeed.
    case deviceFailure
    /// No renderer of the kind asked for could be set up (`--backend gpu` without a GPU).
    case unavailable
    /// The frame needs more than a `RenderLimits` budget allows (offscreen memory): every
    /// renderer refuses it alike, so trying another is pointless; the message names the
    /// limit.
    case limitExceeded
  }

  public var kind: Kind
  /// What happened, in words a user can act on.
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
