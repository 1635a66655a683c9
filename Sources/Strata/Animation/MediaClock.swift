/// Where a render tree gets "now" from, in seconds (`CACurrentMediaTime()`'s role).
///
/// Nothing in Strata reads the wall clock: a tree's time only moves when its clock says
/// so, which keeps every frame reproducible. Tools and tests inject a `ManualClock`;
/// an app may supply a clock backed by `ContinuousClock`.
public protocol MediaClock: AnyObject {
  var now: Double { get }
}

/// A clock that moves only when told to.
public final class ManualClock: MediaClock {
  public var now: Double

  public init(_ now: Double = 0) { self.now = now }

  public func advance(by seconds: Double) { now += seconds }
}
