import Strata

/// Makes a CPU rendering look like another backend's: what a GPU may honestly do
/// differently at anti-aliased edges.
///
/// Until the GPU backend lands, the corpus's benign pairs are CPU renderings and these
/// perturbations of them; real GPU-vs-CPU pairs join the corpus then. Two effects, seeded
/// so that the corpus is the same on every run:
/// - every edge pixel (its 3x3 neighbourhood not one colour) moves by ±1–3 levels per
///   colour channel, as different arithmetic and rounding would;
/// - a quarter of the anti-aliased pixels (strictly between their darkest and brightest
///   neighbour) flip their coverage by one step of a 16-sample rasteriser: a sixteenth of
///   the local contrast, up or down.
/// Alpha is left alone where it is 0 or 255, as a renderer that draws the same shapes
/// would leave it.
enum BackendSimulation {
  static func perturb(_ image: Image, seed: UInt64 = 0x5EED) -> Image {
    var rng = SplitMix64(seed: seed)
    let w = image.width, h = image.height
    let src = image.pixels
    var out = src
    func px(_ x: Int, _ y: Int) -> SIMD4<Int> {
      let i = (min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)) * 4
      return SIMD4(Int(src[i]), Int(src[i + 1]), Int(src[i + 2]), Int(src[i + 3]))
    }
    for y in 0..<h {
      for x in 0..<w {
        let p = px(x, y)
        var lo = p, hi = p, darkest = p, brightest = p
        for dy in -1...1 {
          for dx in -1...1 {
            let q = px(x + dx, y + dy)
            lo = pointwiseMin(lo, q); hi = pointwiseMax(hi, q)
            if q.wrappedSum() < darkest.wrappedSum() { darkest = q }
            if q.wrappedSum() > brightest.wrappedSum() { brightest = q }
          }
        }
        guard lo != hi else { continue }
        var v = p
        for c in 0..<3 { v[c] += (1 + Int(rng.next() % 3)) * (rng.next() % 2 == 0 ? 1 : -1) }
        let between = p.wrappedSum() > darkest.wrappedSum() && p.wrappedSum() < brightest.wrappedSum()
        if between && rng.next() % 4 == 0 {
          let step = (brightest &- darkest) / 16
          v = rng.next() % 2 == 0 ? v &+ step : v &- step
          v = pointwiseMin(pointwiseMax(v, lo), hi)
        }
        v[3] = p[3] == 0 || p[3] == 255 ? p[3] : min(255, max(0, v[3]))
        for c in 0..<3 { v[c] = min(v[3], max(0, v[c])) }
        let i = (y * w + x) * 4
        for c in 0..<4 { out[i + c] = UInt8(v[c]) }
      }
    }
    return Image(width: w, height: h, premultipliedPixels: out)
  }
}

/// A small, fast, seedable generator (Steele, Lea, Flood 2014), so that the corpus does
/// not depend on the platform's random numbers.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
