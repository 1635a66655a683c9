/// Groups failing pixels into regions a person can look at.
///
/// Pixels are binned into 8x8 cells; cells with a failing pixel that touch (also
/// diagonally) form one region, reported with the tight bounds of its failing pixels. The
/// coarse grid merges the scattered pixels along one moved edge into one region instead of
/// hundreds.
enum DifferenceRegions {
  static let cell = 8
  static let maximumReported = 32

  /// The regions of pixels whose mask has any of `bits`, largest first.
  static func find(in mask: [UInt8], width: Int, height: Int, bits: UInt8) -> [ImageComparison.Region] {
    let cw = (width + cell - 1) / cell, ch = (height + cell - 1) / cell
    // Per cell: failing pixels and their bounds.
    var count = [Int](repeating: 0, count: cw * ch)
    var bounds = [PixelRect](repeating: PixelRect(x0: .max, y0: .max, x1: .min, y1: .min), count: cw * ch)
    for y in 0..<height {
      for x in 0..<width where mask[y * width + x] & bits != 0 {
        let c = (y / cell) * cw + x / cell
        count[c] += 1
        bounds[c] = bounds[c].union(PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1))
      }
    }
    var label = [Int](repeating: -1, count: cw * ch)
    var regions: [ImageComparison.Region] = []
    var stack: [Int] = []
    for start in 0..<(cw * ch) where count[start] > 0 && label[start] < 0 {
      label[start] = regions.count
      stack.append(start)
      var box = bounds[start], pixels = 0
      while let c = stack.popLast() {
        pixels += count[c]
        box = box.union(bounds[c])
        let cx = c % cw, cy = c / cw
        for ny in max(cy - 1, 0)...min(cy + 1, ch - 1) {
          for nx in max(cx - 1, 0)...min(cx + 1, cw - 1) {
            let n = ny * cw + nx
            if count[n] > 0 && label[n] < 0 {
              label[n] = regions.count
              stack.append(n)
            }
          }
        }
      }
      regions.append(.init(x: box.x0, y: box.y0, width: box.width, height: box.height, pixels: pixels))
    }
    return Array(regions.sorted { $0.pixels > $1.pixels }.prefix(maximumReported))
  }
}
