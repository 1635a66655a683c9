/// SplitMix64 (Steele, Lea and Flood, 2014) for the tests' seeded random inputs: the same
/// sequence on every machine and Swift version (the standard library's generator is
/// neither seedable nor stable), so a failing case is reproduced by its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(state: UInt64) { self.state = state }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A whole number in 0..<n (0 when n is not positive).
  public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

  /// A number in 0..<1 with 53 random bits.
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A number in lo..<hi.
  public mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

  public mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
}
