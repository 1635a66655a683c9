import Foundation
import StrataPath

/// Times path booleans on the S2 shapes (300 closed cubic blobs about 200 px across, many
/// overlapping): all 300 unioned in one operation, each shape combined with the next by
/// each operation, and each shape grown by 10 px as Lottie's offset paths does it (the fill
/// joined with its stroke outline).
func benchmarkBooleans(_ paths: [Path], frames: Int) {
  let clock = ContinuousClock()
  func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15 }
  func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
  var all = Path()
  for p in paths { all.addPath(p) }
  var checksum = 0
  func time(_ body: () throws -> Int) -> Double {
    var runs: [Double] = []
    for _ in 0..<max(frames, 1) {
      let start = clock.now
      checksum &+= (try? body()) ?? 0
      runs.append(ms(clock.now - start))
    }
    return median(runs)
  }
  let union = time { try all.normalized().elementCount }
  var pairs: [(PathOperation, Double)] = []
  for op in PathOperation.allCases {
    let t = time {
      try (0..<(paths.count - 1)).reduce(0) { $0 + (try paths[$1].combined(with: paths[$1 + 1], operation: op).elementCount) }
    }
    pairs.append((op, t))
  }
  let style = StrokeStyle(lineWidth: 20, lineJoin: .miter, miterLimit: 4)
  let offset = time { try paths.reduce(0) { $0 + (try $1.union(Stroker.outline(of: $1, style: style)).elementCount) } }
  precondition(checksum > 0, "the booleans ran")
  func format(_ v: Double) -> String { String(format: "%.1f", v) }
  let segments = Flattener.polylines(of: all).reduce(0) { $0 + $1.points.count }
  print("union of all \(paths.count) shapes (\(segments) segments) in one operation: \(format(union)) ms (median of \(frames))")
  for (op, t) in pairs { print("\(paths.count - 1) neighbours, \(op): \(format(t)) ms") }
  print("\(paths.count) offsets by 10 (fill ∪ stroke outline): \(format(offset)) ms")
}
