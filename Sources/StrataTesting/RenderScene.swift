import Strata
import StrataRender

/// What a golden test renders: a compiled render list, ready for any backend.
///
/// A layer tree is compiled when the scene is made, so a scene is an immutable, `Sendable`
/// value that can be shared by tests running on several backends at once.
public struct RenderScene: Sendable {
  public var list: RenderList

  /// A scene from a render list compiled elsewhere.
  public init(_ list: RenderList) {
    self.list = list
  }

  /// A scene from a layer tree, as `strata render` draws it.
  ///
  /// - Parameters:
  ///   - root: The root layer; its position is given in canvas points.
  ///   - width: The canvas width in device pixels.
  ///   - height: The canvas height in device pixels.
  ///   - scale: Device pixels per point.
  ///   - background: What the canvas holds before any layer is drawn.
  public init(_ root: Layer, width: Int, height: Int, scale: Double = 1, background: Color = .clear) {
    precondition(width > 0 && height > 0, "RenderScene needs a positive canvas size")
    list = RenderListCompiler(width: width, height: height, scale: scale, background: background)
      .compile(root.snapshot())
  }

  public var width: Int { list.width }
  public var height: Int { list.height }
}
