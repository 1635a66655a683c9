import Dispatch
import Strata
import StrataRender

/// The software renderer: draws a `RenderList` into premultiplied RGBA8 pixels.
///
/// The canvas is cut into bands of rows, rendered in parallel on all cores; each band
/// replays the draws that touch it in list order, so the result does not depend on the
/// number of threads.
public struct CPURenderer: Sendable {
  /// Rows per band: small enough to balance two cores on a 1080-row frame, large enough
  /// that per-band setup stays negligible.
  public var bandHeight = 16

  public init() {}

  /// Renders `list` into a new buffer of its size.
  public func render(_ list: RenderList) -> PixelBuffer {
    var target = PixelBuffer(width: list.width, height: list.height)
    render(list, into: &target)
    return target
  }

  /// Draws a compiled list into `target`, overwriting it with the list's background first.
  ///
  /// `target` must have the list's size.
  public func render(_ list: RenderList, into target: inout PixelBuffer) {
    precondition(target.width == list.width && target.height == list.height, "target size differs from the list's")
    let clips = list.clips.map { Optional(PreparedClip($0)) }
    let draws = list.commands.map { cmd -> PreparedDraw in
      switch cmd {
      case .draw(let d): PreparedDraw(d, clips: clips)
      }
    }
    let bh = max(1, bandHeight)
    let bandCount = (list.height + bh - 1) / bh
    var bucketList = [[Int32]](repeating: [], count: bandCount)
    for (i, d) in draws.enumerated() where !d.bounds.isEmpty {
      for b in (d.bounds.y0 / bh)...((d.bounds.y1 - 1) / bh) { bucketList[b].append(Int32(i)) }
    }
    let buckets = bucketList
    let bg = list.background.bytes
    let width = list.width, height = list.height
    target.pixels.withUnsafeMutableBufferPointer { buf in
      let base = SendablePointer(buf.baseAddress!)
      DispatchQueue.concurrentPerform(iterations: bandCount) { band in
        let r = Rasterizer(target: base.pointer, stride: width * 4)
        let y0 = band * bh, y1 = min(height, y0 + bh)
        fillBackground(base.pointer + y0 * width * 4, count: (y1 - y0) * width, bg)
        for i in buckets[band] {
          let d = draws[Int(i)]
          r.fill(d, rows: max(y0, d.bounds.y0)..<min(y1, d.bounds.y1))
        }
      }
    }
  }

  private func fillBackground(_ p: UnsafeMutablePointer<UInt8>, count: Int, _ c: (UInt8, UInt8, UInt8, UInt8)) {
    let v = SIMD4<UInt8>(c.0, c.1, c.2, c.3)
    let raw = UnsafeMutableRawPointer(p)
    for i in 0..<count { raw.storeBytes(of: v, toByteOffset: i * 4, as: SIMD4<UInt8>.self) }
  }
}

/// A pointer handed to the band workers, which write disjoint rows.
struct SendablePointer: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<UInt8>
  init(_ p: UnsafeMutablePointer<UInt8>) { pointer = p }
}
