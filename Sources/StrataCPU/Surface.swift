import StrataRender
import StrataSync

/// A premultiplied RGBA8 pixel region in device coordinates: the canvas, or an offscreen
/// group target covering `bounds`, one vector of R, G, B, A a pixel (as `Image.rgbaPixels`).
///
/// The workers of `CPURenderer.fill` and `parallelRows` write disjoint rows of one surface
/// at once, which no safe Swift container allows; so a surface holds a pointer, and this
/// file is the only one that touches it. Rows are lent out as bounds-checked spans
/// (`withRow`, `readRow`, and single pixels by `pixel`); these are `@unsafe` because of the
/// one rule the compiler cannot check: while a row is lent for writing, no one else borrows
/// it (a worker owns its rows, and no loop borrows a row of a surface it is already
/// writing).
@safe struct Surface: @unchecked Sendable {
  private let base: UnsafeMutablePointer<SIMD4<UInt8>>
  /// Keeps an offscreen surface's memory alive while any copy of the surface is in use.
  private let owner: OffscreenSurface?
  let bounds: PixelBounds
  /// Pixels from one row to the next.
  private let stride: Int

  var width: Int { bounds.x1 - bounds.x0 }
  var height: Int { bounds.y1 - bounds.y0 }

  fileprivate init(_ base: UnsafeMutablePointer<SIMD4<UInt8>>, owner: OffscreenSurface?, bounds: PixelBounds) {
    unsafe self.base = base
    self.owner = owner
    self.bounds = bounds
    self.stride = max(0, bounds.x1 - bounds.x0)
  }

  /// Lends device row `y` to `body`; index 0 is device x `bounds.x0`.
  ///
  /// Unsafe: the caller must be the row's only borrower while `body` runs.
  @unsafe @inline(__always)
  func withRow<R>(_ y: Int, _ body: (inout MutableSpan<SIMD4<UInt8>>) -> R) -> R {
    precondition(y >= bounds.y0 && y < bounds.y1, "row outside the surface")
    var row = unsafe MutableSpan(_unsafeStart: base + (y - bounds.y0) * stride, count: width)
    return body(&row)
  }

  /// Lends device row `y` to `body` for reading; index 0 is device x `bounds.x0`.
  ///
  /// Unsafe: no one may write the row while `body` runs.
  @unsafe @inline(__always)
  func readRow<R>(_ y: Int, _ body: (Span<SIMD4<UInt8>>) -> R) -> R {
    precondition(y >= bounds.y0 && y < bounds.y1, "row outside the surface")
    let row = unsafe Span(_unsafeStart: UnsafePointer(base + (y - bounds.y0) * stride), count: width)
    return body(row)
  }

  /// The pixel at device `(x, y)` (inside the bounds).
  ///
  /// Unsafe: no one may write the pixel meanwhile.
  @unsafe @inline(__always)
  func pixel(_ x: Int, _ y: Int) -> SIMD4<UInt8> {
    precondition(x >= bounds.x0 && x < bounds.x1 && y >= bounds.y0 && y < bounds.y1, "pixel outside the surface")
    return unsafe base[(y - bounds.y0) * stride + (x - bounds.x0)]
  }

  /// Runs `body` with `pixels` (premultiplied RGBA8, `width` × `height`) as a surface at the
  /// device origin; the surface must not be used after `body` returns.
  ///
  /// Unsafe: the surface does not keep `pixels` alive or exclusive beyond `body`.
  @unsafe
  static func withCanvas<R>(_ pixels: inout [UInt8], width: Int, height: Int, _ body: (Surface) -> R) -> R {
    precondition(pixels.count == width * height * 4, "the canvas needs width*height*4 bytes")
    return unsafe pixels.withUnsafeMutableBytes { bytes in
      // Four bytes a pixel; Array storage is aligned for any pixel type.
      unsafe bytes.withMemoryRebound(to: SIMD4<UInt8>.self) { p in
        body(unsafe Surface(p.baseAddress!, owner: nil, bounds: PixelBounds(x0: 0, y0: 0, x1: width, y1: height)))
      }
    }
  }
}

/// An owned, zero-filled offscreen surface covering just its group's pixels. Its memory
/// comes from `SurfacePool` and goes back there when the last `surface` made from it is gone.
final class OffscreenSurface: Sendable {
  private let storage: SurfacePool.Buffer
  let bounds: PixelBounds

  init(bounds: PixelBounds) {
    let w = max(0, bounds.x1 - bounds.x0), h = max(0, bounds.y1 - bounds.y0)
    self.bounds = bounds
    storage = SurfacePool.shared.take(max(1, w * h))
  }

  deinit { SurfacePool.shared.give(storage) }

  /// The surface over this memory; it keeps the memory alive.
  var surface: Surface { unsafe Surface(storage.memory.baseAddress!, owner: self, bounds: bounds) }
}

/// Offscreen memory kept for reuse: groups of the same size recur from frame to frame, and
/// reusing their buffers avoids allocating (and faulting in) megabytes per frame.
final class SurfacePool: Sendable {
  static let shared = SurfacePool()
  /// Bytes kept at most; buffers beyond it are freed.
  static let limit = RenderLimits.pooledBytes
  /// Pixel memory owned by the pool, or by the one `OffscreenSurface` it is lent to.
  @safe struct Buffer: @unchecked Sendable {
    let memory: UnsafeMutableBufferPointer<SIMD4<UInt8>>
    var count: Int { unsafe memory.count }
  }
  private let state = Locked<(free: [Int: [Buffer]], bytes: Int)>(([:], 0))

  /// A zero-filled buffer of `count` pixels.
  func take(_ count: Int) -> Buffer {
    let reused = state.withLock { s -> Buffer? in
      guard let b = s.free[count]?.popLast() else { return nil }
      s.bytes -= count * 4
      return b
    }
    if let b = reused {
      unsafe b.memory.update(repeating: .zero)
      return b
    }
    let memory = UnsafeMutableBufferPointer<SIMD4<UInt8>>.allocate(capacity: count)
    unsafe memory.initialize(repeating: .zero)
    return unsafe Buffer(memory: memory)
  }

  func give(_ b: Buffer) {
    let kept = state.withLock { s -> Bool in
      guard s.bytes + b.count * 4 <= Self.limit else { return false }
      s.free[b.count, default: []].append(b)
      s.bytes += b.count * 4
      return true
    }
    if !kept { unsafe b.memory.deallocate() }
  }
}
