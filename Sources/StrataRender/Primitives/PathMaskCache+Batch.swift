import Dispatch
import Strata
import StrataPath
import StrataSync

/// Making a frame's masks together, on every core: the compiler runs a first pass that only
/// notes the masks the cache lacks (`collecting`), makes them in parallel, then compiles
/// again with every mask at hand. Results do not depend on the number of threads: each mask
/// is made alone, and they enter the cache in the order they were noted.
extension PathMaskCache {
  /// One mask to make: its key and how to rasterise it.
  struct Job: Sendable {
    let key: Key
    let geometry: PathGeometry
    let region: PixelRect
  }

  /// The masks a first pass asked for and the cache lacked, in order.
  public final class Collector: Sendable {
    private let jobs = Locked<[Job]>([])
    public init() {}
    func add(_ job: Job) { jobs.withLock { $0.append(job) } }
    /// Whether the pass asked for masks the cache lacked.
    public var isEmpty: Bool { jobs.withLock { $0.isEmpty } }
    var all: [Job] { jobs.withLock { $0 } }
  }

  /// Set during a collecting pass: a mask the cache lacks is noted there, and `mask` returns
  /// nil for it.
  @TaskLocal static var collector: Collector?

  /// Runs `body` as a collecting pass: masks the cache lacks are noted, not made.
  public func collecting<T>(_ collector: Collector, _ body: () -> T) -> T {
    Self.$collector.withValue(collector, operation: body)
  }

  /// Makes the masks `collector` noted, in parallel, into the cache.
  public func make(_ collector: Collector) {
    var seen = Set<Key>()
    let jobs = collector.all.filter { seen.insert($0.key).inserted }
    _ = make(jobs)
  }

  /// Rasterises `jobs` (on every core when there are several) and caches them in order.
  func make(_ jobs: [Job]) -> [DeviceMask?] {
    guard !jobs.isEmpty else { return [] }
    let results = Locked([DeviceMask?](repeating: nil, count: jobs.count))
    if jobs.count == 1 {
      results.withLock { $0[0] = jobs[0].geometry.rasterize(within: jobs[0].region) }
    } else {
      // Interleaved runs (enough to share out among the cores), each with one rasteriser
      // whose buffers it reuses.
      let runs = min(jobs.count, 16)
      DispatchQueue.concurrentPerform(iterations: runs) { r in
        var rasterizer = Rasterizer()
        for i in stride(from: r, to: jobs.count, by: runs) {
          let m = jobs[i].geometry.rasterize(within: jobs[i].region, using: &rasterizer)
          results.withLock { $0[i] = m }
        }
      }
    }
    let made = results.withLock { $0 }
    misses.add(jobs.count, ordering: .relaxed)
    cache.withLock { c in
      for (job, m) in zip(jobs, made) { _ = c.insert(m, bytes: m.map { $0.width * $0.height } ?? 0, for: job.key) }
    }
    return made
  }
}
