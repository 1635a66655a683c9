/// SplitMix64 (Steele, Lea and Flood, 2014): a small, seedable generator, so that a tree is
/// the same on every machine and Swift version for the same seed (the standard library's
/// generator is neither seedable nor stable).
public struct SplitMix: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`, rounded to `places` decimals (short scene files).
  mutating func number(_ range: ClosedRange<Double>, places: Double = 2) -> Double {
    let scale = Double.pow10(places)
    return (Double.random(in: range, using: &self) * scale).rounded() / scale
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

  mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
}

extension Double {
  fileprivate static func pow10(_ n: Double) -> Double { n == 0 ? 1 : n == 1 ? 10 : n == 2 ? 100 : 1000 }
}
