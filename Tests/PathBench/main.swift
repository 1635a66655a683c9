// Times the path engine on the geometry of the S2 benchmark scene ("paths": 300 filled and
// stroked closed cubic curves at 1920x1080, docs/Paths.md): flattening, stroking and
// rasterising every shape's fill and stroke masks on one core, as a renderer would each
// frame without a mask cache.
//
//   swift build -c release --product strata-path-bench
//   .build/release/strata-path-bench [--frames N] [--dump frame.pgm]
//   .build/release/strata-path-bench --booleans [--frames N]
//
// With --booleans it times path booleans on the same shapes instead (Booleans.swift).
import Foundation
import StrataPath

/// SplitMix64, as the benchmark scenes define it.
struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
    lo + (hi - lo) * (Double(next() >> 11) * 0x1p-53)
  }
}

/// The S2 shapes: closed uniform Catmull-Rom splines through six random points.
func sceneS2() -> [(path: Path, fill: Double)] {
  var rng = SplitMix64(state: 0x5EED_0002)
  var shapes: [(Path, Double)] = []
  for _ in 0..<300 {
    let bx = rng.uniform(0, 1720), by = rng.uniform(0, 880)
    var p: [PathPoint] = []
    for _ in 0..<6 {
      let x = bx + rng.uniform(0, 200)
      p.append(PathPoint(x, by + rng.uniform(0, 200)))
    }
    let grey = (rng.uniform(0, 1) + rng.uniform(0, 1) + rng.uniform(0, 1)) / 3
    for _ in 0..<3 { _ = rng.uniform(0, 1) }  // the stroke colour
    var path = Path()
    path.move(to: p[0])
    for k in 0..<6 {
      let pm = p[(k + 5) % 6], p0 = p[k], p1 = p[(k + 1) % 6], p2 = p[(k + 2) % 6]
      path.addCurve(to: p1, control1: p0 + (p1 - pm) * (1.0 / 6), control2: p1 - (p2 - p0) * (1.0 / 6))
    }
    path.closeSubpath()
    shapes.append((path, grey))
  }
  return shapes
}

var frames = 12
var dump: String? = nil
var booleans = false
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
  switch a {
  case "--frames": frames = Int(args.popFirst() ?? "") ?? frames
  case "--dump": dump = args.popFirst()
  case "--booleans": booleans = true
  default:
    print("usage: strata-path-bench [--frames N] [--dump frame.pgm] [--booleans]")
    exit(2)
  }
}

let shapes = sceneS2()
if booleans {
  benchmarkBooleans(shapes.map(\.path), frames: frames)
  exit(0)
}
let canvas = PixelRect(x: 0, y: 0, width: 1920, height: 1080)
let style = StrokeStyle(lineWidth: 4, lineJoin: .round)
var rasterizer = Rasterizer()
let clock = ContinuousClock()
func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15 }

var totals: [Double] = [], outlines: [Double] = [], fills: [Double] = [], strokes: [Double] = []
var checksum = 0
for _ in 0..<frames {
  var tOutline = Duration.zero, tFill = Duration.zero, tStroke = Duration.zero
  let start = clock.now
  for s in shapes {
    let t0 = clock.now
    let fill = rasterizer.fill(s.path, rule: .nonZero, clip: canvas)
    let t1 = clock.now
    let outline = Stroker.outline(of: s.path, style: style)
    let t2 = clock.now
    let stroke = rasterizer.fill(outline, rule: .nonZero, clip: canvas)
    let t3 = clock.now
    tFill += t1 - t0
    tOutline += t2 - t1
    tStroke += t3 - t2
    checksum &+= fill.coverage.count &+ stroke.coverage.count
  }
  totals.append(ms(clock.now - start))
  fills.append(ms(tFill))
  outlines.append(ms(tOutline))
  strokes.append(ms(tStroke))
}
precondition(checksum > 0, "the masks were made")  // and the work is not optimised away
func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
func format(_ v: Double) -> String { String(format: "%.1f", v) }
print(
  "S2 path engine: \(format(median(totals))) ms per frame (median of \(frames)): fill masks \(format(median(fills))) ms,"
    + " stroke outlines \(format(median(outlines))) ms, stroke masks \(format(median(strokes))) ms")

if let dump {
  // A grey-level picture of the frame (fills in their grey, strokes black on white) to look at.
  var image = [Double](repeating: 1, count: 1920 * 1080)
  for s in shapes {
    let fill = rasterizer.fill(s.path, clip: canvas)
    let stroke = rasterizer.stroke(s.path, style: style, clip: canvas)
    for (mask, grey, alpha) in [(fill, s.fill, 0.5), (stroke, 0.0, 1.0)] {
      for y in 0..<mask.height {
        for x in 0..<mask.width {
          let a = Double(mask.coverage[y * mask.width + x]) / 255 * alpha
          let i = (mask.bounds.y + y) * 1920 + mask.bounds.x + x
          image[i] = image[i] * (1 - a) + grey * a
        }
      }
    }
  }
  var bytes = Array("P5\n1920 1080\n255\n".utf8)
  bytes += image.map { UInt8(min(max($0, 0), 1) * 255 + 0.5) }
  try Data(bytes).write(to: URL(fileURLWithPath: dump))
}
