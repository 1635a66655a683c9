import Synchronization
import StrataRender

/// A premultiplied RGBA8 pixel region in device coordinates: the canvas, or an offscreen
/// group target covering `bounds`. Workers write disjoint rows of it in parallel.
struct Surface: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt8>
  let bounds: PixelBounds
  let stride: Int

  var width: Int { bounds.x1 - bounds.x0 }
  var height: Int { bounds.y1 - bounds.y0 }

  /// The first byte of device row `y` (which must lie inside the bounds).
  @inline(__always)
  func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + (y - bounds.y0) * stride }

  /// The pixel at device `(x, y)`.
  @inline(__always)
  func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> { row(y) + (x - bounds.x0) * 4 }
}

/// An owned, zero-filled offscreen surface covering just its group's pixels. Its memory
/// comes from `SurfacePool` and goes back there.
final class OffscreenSurface: @unchecked Sendable {
  let surface: Surface
  private let storage: UnsafeMutableBufferPointer<UInt8>

  init(bounds: PixelBounds) {
    let w = max(0, bounds.x1 - bounds.x0), h = max(0, bounds.y1 - bounds.y0)
    storage = SurfacePool.shared.take(max(1, w * h * 4))
    surface = Surface(base: storage.baseAddress!, bounds: bounds, stride: w * 4)
  }

  deinit { SurfacePool.shared.give(storage) }
}

/// Offscreen memory kept for reuse: groups of the same size recur from frame to frame, and
/// reusing their buffers avoids allocating (and faulting in) megabytes per frame.
final class SurfacePool: @unchecked Sendable {
  static let shared = SurfacePool()
  /// Bytes kept at most; buffers beyond it are freed.
  static let limit = 256 << 20
  /// A buffer owned by the pool; handed to one surface at a time.
  private struct Buffer: @unchecked Sendable { let memory: UnsafeMutableBufferPointer<UInt8> }
  private let state = Mutex<(free: [Int: [Buffer]], bytes: Int)>(([:], 0))

  /// A zero-filled buffer of `count` bytes.
  func take(_ count: Int) -> UnsafeMutableBufferPointer<UInt8> {
    let reused = state.withLock { s -> Buffer? in
      guard let b = s.free[count]?.popLast() else { return nil }
      s.bytes -= count
      return b
    }
    if let b = reused?.memory {
      b.update(repeating: 0)
      return b
    }
    let b = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
    b.initialize(repeating: 0)
    return b
  }

  func give(_ b: UnsafeMutableBufferPointer<UInt8>) {
    let buffer = Buffer(memory: b)
    let kept = state.withLock { s -> Bool in
      guard s.bytes + b.count <= Self.limit else { return false }
      s.free[b.count, default: []].append(buffer)
      s.bytes += b.count
      return true
    }
    if !kept { b.deallocate() }
  }
}
