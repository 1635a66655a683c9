/// When a cell emits: its birth rate over time, piecewise constant, and the integral that
/// numbers its particles. Particle k (k = 1, 2, …) is born when the integral reaches k, so
/// a constant rate r from time b gives births at b + k/r, and a rate that changes (an
/// animated `birthRate`) changes the count through its integral, in closed form.
public struct EmissionSchedule: Hashable, Sendable {
  /// Where each piece starts (increasing); piece i lasts until the next one's start, the
  /// last one until `end`.
  public let starts: [Double]
  /// Births per second in each piece (negative rates count as 0).
  public let rates: [Double]
  public let end: Double
  /// Births before each piece, and in all (one more than the pieces).
  private let counts: [Double]

  public init(starts: [Double], rates: [Double], end: Double) {
    precondition(starts.count == rates.count && !starts.isEmpty, "an emission schedule needs one rate per piece")
    self.starts = starts
    self.rates = rates.map { $0.isFinite ? max(0, $0) : 0 }
    self.end = max(end, starts[0])
    var c = [0.0]
    for i in starts.indices {
      let next = i + 1 < starts.count ? min(starts[i + 1], self.end) : self.end
      c.append(c[i] + self.rates[i] * max(0, next - starts[i]))
    }
    counts = c
  }

  /// `rate` births per second from `start` until `end`.
  public static func constant(_ rate: Double, from start: Double = 0, until end: Double = .infinity) -> EmissionSchedule {
    EmissionSchedule(starts: [start], rates: [rate], end: end)
  }

  /// None at all.
  public static let none = EmissionSchedule.constant(0)

  /// The births up to time `t`: the rate's integral from the start (fractional).
  ///
  /// - Complexity: O(log pieces).
  public func count(at t: Double) -> Double {
    guard t > starts[0] else { return 0 }
    let u = min(t, end)
    var lo = 0, hi = starts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= u { lo = mid } else { hi = mid - 1 }
    }
    let next = lo + 1 < starts.count ? starts[lo + 1] : end
    let within = rates[lo] * (min(u, next) - starts[lo])
    return counts[lo] + (within.isNaN ? 0 : within)
  }

  /// When particle `k` (1, 2, …) is born: where the integral reaches k; nil if never.
  ///
  /// - Complexity: O(log pieces).
  public func birthTime(_ k: Int) -> Double? {
    let target = Double(k)
    guard k >= 1, target <= counts[counts.count - 1] else { return nil }
    // The piece i with counts[i] < k ≤ counts[i + 1].
    var lo = 0, hi = starts.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if counts[mid + 1] >= target { hi = mid } else { lo = mid + 1 }
    }
    return starts[lo] + (target - counts[lo]) / rates[lo]
  }
}
