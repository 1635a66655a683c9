/// The random values of particles: a counter-based hash of integers (SplitMix64's
/// finaliser), so each value depends only on (seed, cell, particle index, stream), never
/// on which values were drawn before: any frame, in any order, on any thread.
struct ParticleRandom {
  /// Identifies one particle: its emitter's seed, its cell's path and its index (and its
  /// parent particle's key, for a sub-cell's particles).
  let key: UInt64

  init(key: UInt64) { self.key = key }

  /// The key of particle `index` of the cell `cellKey` under `parent` (the emitter's seed
  /// for top-level cells).
  init(parent: UInt64, cell cellKey: UInt64, index: Int) {
    key = Self.mix(Self.mix(parent ^ Self.mix(cellKey)) ^ UInt64(bitPattern: Int64(index)))
  }

  /// Uniform in [0, 1): 53 bits of the hash of this particle's stream `j`.
  func uniform(_ j: UInt64) -> Double {
    Double(Self.mix(key ^ (j &* 0xD1B5_4A32_D192_ED03)) >> 11) * 0x1p-53
  }

  /// Uniform in [−1, 1).
  func signed(_ j: UInt64) -> Double { 2 * uniform(j) - 1 }

  /// SplitMix64's output function: every input bit affects every output bit.
  static func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The streams of a particle's random values, one per property.
enum ParticleStream: UInt64 {
  case lifetime = 1, velocity, coneAngle, coneTurn, shapeU, shapeV, shapeW, shapePick, scale, spin
  case red, green, blue, alpha
}

extension ParticleRandom {
  func uniform(_ s: ParticleStream) -> Double { uniform(s.rawValue) }
  func signed(_ s: ParticleStream) -> Double { signed(s.rawValue) }
}
