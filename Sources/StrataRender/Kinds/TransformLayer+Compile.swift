import Strata

/// `TransformLayer`'s compile step: it draws nothing of its own and starts (or joins) a 3D
/// rendering context, which the compiler gathers, sorts and draws
/// (`RenderListCompiler+RenderingContext.swift`, `DepthSort`).
extension TransformLayer.Snapshot: LayerKindCompiling {
  public var sharesDepthWithSublayers: Bool { true }
  public func compile(into context: inout LayerKindContext) {}
}
