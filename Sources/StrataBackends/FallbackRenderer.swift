import Foundation
import Strata
import StrataCPU
import StrataRender
import StrataSync
import Synchronization

/// The fallback chain: renders every frame on a primary renderer (the GPU) and never loses
/// one. When the primary fails, the frame is rendered again once on a fresh instance (a
/// fresh context), then on the fallback (the CPU renderer), each time with a warning. A
/// frame the primary cannot hold (`RenderError.Kind.unsupported`) goes straight to the
/// fallback, with a note instead of a warning.
///
/// The chain knows renderers only through the `Renderer` protocol; `Backends.renderer(for:)`
/// builds the one the user's settings ask for.
public final class FallbackRenderer: Renderer, @unchecked Sendable {
  /// Which renderer drew the last frame, and why, for `--verbose`.
  public struct Report: Sendable, Equatable, CustomStringConvertible {
    public var backend: String
    public var notes: [String]

    public init(backend: String, notes: [String]) {
      self.backend = backend
      self.notes = notes
    }

    public var description: String { ([backend] + notes).joined(separator: "; ") }
  }

  /// Makes the primary renderer; called on first use and once more after each failed frame.
  public typealias Source = @Sendable () -> Result<any Renderer, RenderError>

  private let source: Source?
  private let required: Bool
  private let unavailableNote: @Sendable (RenderError) -> String
  /// The renderer that ends the chain; it must fail only where every renderer would
  /// (`.limitExceeded`).
  public let fallback: any Renderer
  private let state = Locked<(primary: (any Renderer)?, setupError: RenderError?, made: Bool)>((nil, nil, false))
  /// Receives warnings (a failed frame, a fallback); standard error by default.
  public var warn: @Sendable (String) -> Void = { FileHandle.standardError.write("strata: warning: \($0)\n".data(using: .utf8)!) }
  /// For tests: makes the next primary frames fail as a lost context would.
  public let injectedFaults = Atomic<Int>(0)

  /// A chain from `primary` (nil: the fallback only) to `fallback`.
  ///
  /// When no primary can be made, a `required` chain throws `.unavailable` from every
  /// frame; otherwise frames go to the fallback with `unavailableNote(error)` in the report.
  public init(
    primary: Source?, required: Bool = false, fallback: any Renderer = CPURenderer(),
    unavailableNote: @escaping @Sendable (RenderError) -> String = { "no GPU: \($0)" }
  ) {
    self.source = primary
    self.required = required
    self.fallback = fallback
    self.unavailableNote = unavailableNote
  }

  /// The primary renderer, made on first use; nil when there is none (see
  /// `primaryUnavailable`) or the chain has no primary.
  public var primary: (any Renderer)? {
    guard let source else { return nil }
    return state.withLock { s in
      if !s.made {
        s.made = true
        switch source() {
        case .success(let r): s.primary = r
        case .failure(let e): s.setupError = e
        }
      }
      return s.primary
    }
  }

  /// Why the primary could not be made, when it could not.
  public var primaryUnavailable: RenderError? {
    _ = primary
    return state.withLock { $0.setupError }
  }

  /// Whether every frame goes to the fallback (no primary): callers may then render
  /// several frames at once, as the CPU renderer is reentrant.
  public var usesFallbackOnly: Bool { primary == nil }

  public var name: String { primary?.name ?? fallback.name }

  public func render(_ list: RenderList, into target: inout PixelBuffer) throws(RenderError) {
    _ = try renderReporting(list, into: &target)
  }

  /// Renders a frame and says where. Throws `.unavailable` when the chain is `required`
  /// and no primary can be made, and `.limitExceeded` when the frame is over a
  /// `RenderLimits` budget (which every renderer applies alike).
  public func renderReporting(_ list: RenderList, into target: inout PixelBuffer) throws(RenderError) -> Report {
    var notes: [String] = []
    if source != nil {
      if let first = primary {
        do throws(RenderError) {
          try renderPrimary(first, list, &target)
          return Report(backend: first.name, notes: notes)
        } catch where error.kind == .limitExceeded {
          // Every renderer holds the frame to the same limits: none would draw it.
          throw error
        } catch where error.kind == .unsupported {
          notes.append("\(error); rendered on the \(fallback.name) renderer")
        } catch {
          warn("\(first.name): the frame failed (\(error)); retrying on a fresh context")
          notes.append("\(first.name): the frame failed: \(error)")
          if let again = retryOnFresh(list, &target, &notes) { return again }
          warn("rendering the frame on the \(fallback.name) renderer instead")
          notes.append("rendered on the \(fallback.name) renderer")
        }
      } else {
        let why = primaryUnavailable ?? RenderError(.unavailable, "unknown")
        if required { throw RenderError(.unavailable, why.message) }
        notes.append(unavailableNote(why))
      }
    }
    try fallback.render(list, into: &target)
    return Report(backend: fallback.name, notes: notes)
  }

  /// A fresh primary (a new context), which replaces the failed one when it draws the frame.
  private func retryOnFresh(_ list: RenderList, _ target: inout PixelBuffer, _ notes: inout [String]) -> Report? {
    guard let source else { return nil }
    switch source() {
    case .failure(let e):
      notes.append("no fresh context: \(e)")
      return nil
    case .success(let fresh):
      state.withLock { $0.primary = fresh }
      do throws(RenderError) {
        try renderPrimary(fresh, list, &target)
        notes.append("re-rendered on a fresh context")
        return Report(backend: "\(fresh.name) (fresh context)", notes: notes)
      } catch {
        notes.append("the fresh context failed too: \(error)")
        return nil
      }
    }
  }

  private func renderPrimary(_ r: any Renderer, _ list: RenderList, _ target: inout PixelBuffer) throws(RenderError) {
    if injectedFaults.load(ordering: .relaxed) > 0 {
      injectedFaults.subtract(1, ordering: .relaxed)
      throw RenderError(.deviceFailure, "injected fault")
    }
    try r.render(list, into: &target)
  }
}
